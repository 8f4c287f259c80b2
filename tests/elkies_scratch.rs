use cgcalc::game::Arena;
use cgcalc::game::threat::Threats;
use cgcalc::rulesets::elkies::board::Board;
use cgcalc::search::{Budget, GtResult, GtSearch};

fn words(m: usize) -> Vec<Vec<bool>> {
    let mut out = vec![vec![]];
    for _ in 0..m {
        let mut next = Vec::new();
        for w in out {
            let mut a = w.clone();
            a.push(false);
            next.push(a);
            if w.last() != Some(&true) {
                let mut b = w.clone();
                b.push(true);
                next.push(b);
            }
        }
        out = next;
    }
    out
}

#[test]
fn scratch() {
    let max: usize = std::env::var("MAXLEN").unwrap().parse().unwrap();
    let mut arena = Arena::new();
    let mut th = Threats::new();
    let t = std::time::Instant::now();
    let mut s = GtSearch::new(&mut arena, &mut th, Budget { progress: None, ..Budget::default() }).with_decomposition(true);
    let mut results = Vec::new();
    for m in 1..=max {
        for w in words(m) {
            let b = Board::initial(&w).unwrap();
            let r = s.result(&b, None);
            results.push((w, r));
        }
        eprintln!("length {m}: {} nodes, {:?}", s.stats().nodes, t.elapsed());
    }
    let st = s.finish();
    let mut shown = 0;
    for (w, r) in results {
        let text = match r {
            GtResult::Win(p) => format!("{p:?}"),
            GtResult::Value(v) => th.display(&mut arena, v),
        };
        if !text.starts_with('*') && text != "0" || shown < 3 {
            shown += 1;
            eprintln!("{:?}: {text}", w.iter().map(|&b| if b { '1' } else { '0' }).collect::<String>());
        }
    }
    eprintln!("total nodes {} {:?}", st.nodes, t.elapsed());
}
