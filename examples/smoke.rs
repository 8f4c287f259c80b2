use cgcalc::game::*;
fn main() {
    let mut a = Arena::new();
    let z = a.zero();
    let one = a.integer(1);
    let two = a.integer(2);
    let star = a.nimber(1);
    let half = a.game(vec![z], vec![one]);
    println!("{{0|1}} = {}", a.display(half));
    let h2 = a.game(vec![z], vec![one, two]);
    println!("{{0|1,2}} = {}", a.display(h2));
    let up = a.game(vec![z], vec![star]);
    println!("{{0|*}} = {}", a.display(up));
    let upstar = a.game(vec![z, star], vec![z]);
    println!("{{0,*|0}} = {}", a.display(upstar));
    let vvs = a.up_multiple(-2, 1);
    let s = a.add(up, vvs);
    println!("^ + vv* = {}", a.display(s));
    let u2 = a.up_multiple(2, 0);
    let s = a.add(u2, u2);
    println!("^^+^^ = {}", a.display(s));
    let vs = a.up_multiple(-1, 1);
    let g = a.game(vec![z], vec![vs]);
    println!("{{0|v*}} = {}", a.display(g));
    let m2 = a.integer(-2);
    let inner = a.game(vec![z], vec![m2]);
    let tiny = a.game(vec![z], vec![inner]);
    println!("{{0||0|-2}} = {}", a.display(tiny));
    let m1 = a.integer(-1);
    let sw = a.game(vec![one], vec![m1]);
    let s = a.add(sw, sw);
    println!("{{1|-1}}+{{1|-1}} = {}", a.display(s));
    // +-1+-2+-3+-4
    let mut acc = z;
    for k in 1..=4 {
        let p = a.integer(k);
        let sw = a.switch(p);
        acc = a.add(acc, sw);
    }
    println!("+-1+-2+-3+-4 = {}", a.display(acc));
    let three = a.integer(3);
    let s2 = a.nus(Nus {
        number: Dyadic::from_int(2),
        ups: 0,
        nim: 1,
    });
    let s1 = a.nus(Nus {
        number: Dyadic::from_int(1),
        ups: 0,
        nim: 1,
    });
    let inner = a.game(vec![s2], vec![s1]);
    let g = a.game(vec![three], vec![inner]);
    println!("{{3||2*|1*}} = {}", a.display(g));
    let one_s = a.nus(Nus {
        number: Dyadic::ONE,
        ups: 0,
        nim: 1,
    });
    let m1s = a.neg(one_s);
    let g = a.game(vec![one, one_s], vec![m1, m1s]);
    println!("{{1,1*|-1,-1*}} = {}", a.display(g));
    let u3 = a.up_multiple(3, 0);
    let d2 = a.up_multiple(-2, 0);
    let g = a.game(vec![u3], vec![d2]);
    println!("{{^^^|vv}} = {}", a.display(g));
    // {0|*||*|||*||||*}
    let mut g = up;
    for _ in 0..3 {
        g = a.game(vec![g], vec![star]);
    }
    println!("^[4] = {}", a.display(g));
    let s = a.switch(one_s);
    println!("+-(1*) = {}", a.display(s));
    // timing switches
    for n in [10, 16, 24, 40] {
        let t = std::time::Instant::now();
        let mut acc = z;
        for k in 1..=n {
            let p = a.integer(k);
            let sw = a.switch(p);
            acc = a.add(acc, sw);
        }
        acc = a.add(acc, up);
        acc = a.add(acc, star);
        println!(
            "switches {n}: {:?} games={} followers={}",
            t.elapsed(),
            a.len(),
            a.count_followers(acc)
        );
    }
    let g = a.game(vec![half], vec![]);
    let _ = g;
    println!("thermo 1/2 temp {}", a.temperature(half));
    println!("temp {{1|-1}} {}", a.temperature(sw));
}
