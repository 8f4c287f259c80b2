//! CGSuite's graph strings (CGSuite's documentation, *Games on Graphs*; `Graph.Parse`), read
//! into a vertex-labelled, edge-labelled undirected multigraph.
//!
//! A path is written vertex, edge, vertex, edge, ...: a vertex is `.` (unlabelled) or a vertex
//! label (`L`, `R` in Snort and Col), and may be left out (it is then implied: `"---"` is the
//! path `".-.-.-."`); an edge is `-` (unlabelled) or an edge label (`l`, `r`, `e` in
//! Hackenbush). A vertex suffixed `:A` (one letter or digit) or `:{name}` is named, and every
//! vertex of the same name is the same vertex (`":A----:A"` is a 4-cycle). A group
//! `(a;b;c)` after a vertex is a set of branches, each a path from that vertex; as in CGSuite
//! a group ends its path. Spaces are ignored. At the top level `;` starts a new piece: in
//! Hackenbush a new path from the ground (the first vertex), in Snort and Col a new graph
//! beside the others. CGSuite's directed edges (`>`, `<`) and bracketed labels (`{12}`) have
//! no meaning in these games and are refused at their character.

use std::collections::HashMap;

/// What a game's graph strings may hold, and how its errors describe the notation.
pub struct Notation {
    /// Vertex labels besides `.` (e.g. `"LR"`).
    pub vertex_labels: &'static str,
    /// Edge labels besides `-` (e.g. `"lre"`); `-` is allowed only when `plain_edges` is set.
    pub edge_labels: &'static str,
    /// Whether an unlabelled edge `-` is allowed.
    pub plain_edges: bool,
    /// Whether every top-level piece starts at the first vertex (Hackenbush's ground).
    pub shared_root: bool,
    /// The notation in one sentence, appended to every error.
    pub summary: &'static str,
}

/// A graph read from a string: vertex labels (`'.'` for none, in order of appearance; vertex
/// 0 is the first one written) and edges `(u, v, label)` with `label` `'-'` for none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    pub vertices: Vec<char>,
    pub edges: Vec<(usize, usize, char)>,
}

/// Reads `s` in `notation`.
pub fn parse_graph(s: &str, notation: &Notation) -> Result<Graph, String> {
    let mut reader = Reader {
        chars: s
            .chars()
            .enumerate()
            .filter(|(_, c)| !c.is_whitespace())
            .collect(),
        at: 0,
        notation,
        graph: Graph {
            vertices: Vec::new(),
            edges: Vec::new(),
        },
        names: HashMap::new(),
        depth: 0,
    };
    reader.pieces()?;
    Ok(reader.graph)
}

/// A board of Snort or Col as a graph: rows separated by `|`, each cell `.` (an uncoloured
/// vertex), a vertex label from `labels`, or `#` (no vertex); orthogonal neighbours are joined.
pub fn parse_grid(s: &str, labels: &str, summary: &str) -> Result<Graph, String> {
    let rows: Vec<Vec<(usize, char)>> = {
        let mut rows = vec![Vec::new()];
        for (i, c) in s.chars().enumerate() {
            match c {
                '|' => rows.push(Vec::new()),
                '.' | '#' => rows.last_mut().expect("a row").push((i, c)),
                c if labels.contains(c) => rows.last_mut().expect("a row").push((i, c)),
                c => {
                    return Err(format!(
                        "unexpected `{c}` at character {} of the board \"{s}\": a cell is `.`, {}, or `#` (no vertex), rows separated by `|`. {summary}",
                        i + 1,
                        label_list(labels)
                    ));
                }
            }
        }
        rows
    };
    let width = rows[0].len();
    if let Some(r) = rows.iter().position(|r| r.len() != width) {
        return Err(format!(
            "row {} of the board \"{s}\" has {} cells but row 1 has {width}: the rows of a board have the same length. {summary}",
            r + 1,
            rows[r].len()
        ));
    }
    let mut graph = Graph {
        vertices: Vec::new(),
        edges: Vec::new(),
    };
    let mut index = vec![vec![None; width]; rows.len()];
    for (r, row) in rows.iter().enumerate() {
        for (c, &(_, cell)) in row.iter().enumerate() {
            if cell != '#' {
                index[r][c] = Some(graph.vertices.len());
                graph.vertices.push(cell);
            }
        }
    }
    for r in 0..rows.len() {
        for c in 0..width {
            let Some(v) = index[r][c] else { continue };
            if let Some(Some(w)) = index[r].get(c + 1) {
                graph.edges.push((v, *w, '-'));
            }
            if let Some(Some(w)) = index.get(r + 1).map(|row| row[c]) {
                graph.edges.push((v, w, '-'));
            }
        }
    }
    Ok(graph)
}

/// A graph string that reads back to the graph: a depth-first walk from each vertex not yet
/// reached (only from vertex 0 when `shared_root`, where every vertex is reached from it),
/// pieces joined by `;`, with `:A`, `:B`, ... naming the vertices where a cycle closes.
/// Labels `.` are written only when no edge would imply the vertex (`shared_root` strings
/// leave them out, the others write every vertex).
pub fn write_graph(vertices: &[char], edges: &[(usize, usize, char)], shared_root: bool) -> String {
    let n = vertices.len();
    let mut adjacent: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    for (i, &(u, v, _)) in edges.iter().enumerate() {
        adjacent[u].push((v, i));
        if u != v {
            adjacent[v].push((u, i));
        }
    }
    // A spanning forest by depth-first search; the other edges close cycles.
    let mut tree_edge = vec![false; edges.len()];
    let mut seen = vec![false; n];
    let mut roots = Vec::new();
    for r in 0..n {
        if seen[r] || (shared_root && r > 0) {
            continue;
        }
        roots.push(r);
        seen[r] = true;
        let mut stack = vec![r];
        while let Some(v) = stack.pop() {
            for &(w, i) in adjacent[v].iter().rev() {
                if !seen[w] {
                    seen[w] = true;
                    tree_edge[i] = true;
                    stack.push(w);
                }
            }
        }
    }
    let mut names: Vec<Option<String>> = vec![None; n];
    let mut named = 0;
    for (i, &(u, v, _)) in edges.iter().enumerate() {
        if !tree_edge[i] {
            for x in [u, v] {
                if names[x].is_none() {
                    names[x] = Some(vertex_name(named));
                    named += 1;
                }
            }
        }
    }
    let mut writer = Writer {
        vertices,
        edges,
        adjacent: &adjacent,
        tree_edge: &tree_edge,
        names: &names,
        written: vec![false; edges.len()],
        visited: vec![false; n],
        show_labels: !shared_root,
    };
    let pieces: Vec<String> = roots
        .iter()
        .map(|&r| {
            let items = writer.branches(r);
            let root = writer.vertex(r);
            match (shared_root, items.len()) {
                (true, _) => format!("{root}{}", items.join(";")),
                (false, 0) => root,
                (false, 1) => format!("{root}{}", items[0]),
                (false, _) => format!("{root}({})", items.join(";")),
            }
        })
        .collect();
    pieces.join(";")
}

/// `A`, ..., `Z`, then `{26}`, `{27}`, ...
fn vertex_name(i: usize) -> String {
    match u8::try_from(i) {
        Ok(k) if k < 26 => char::from(b'A' + k).to_string(),
        _ => format!("{{{i}}}"),
    }
}

struct Writer<'g> {
    vertices: &'g [char],
    edges: &'g [(usize, usize, char)],
    adjacent: &'g [Vec<(usize, usize)>],
    tree_edge: &'g [bool],
    names: &'g [Option<String>],
    written: Vec<bool>,
    visited: Vec<bool>,
    show_labels: bool,
}

impl Writer<'_> {
    /// A vertex as written: its label (if shown) and its name (if it has one).
    fn vertex(&self, v: usize) -> String {
        let label = if self.show_labels {
            self.vertices[v].to_string()
        } else {
            String::new()
        };
        match &self.names[v] {
            Some(name) => format!("{label}:{name}"),
            None => label,
        }
    }

    /// The branches written from `v`: one string per edge at `v` not written yet.
    fn branches(&mut self, v: usize) -> Vec<String> {
        self.visited[v] = true;
        let mut items = Vec::new();
        for &(w, i) in &self.adjacent[v] {
            if self.written[i] || (self.tree_edge[i] && self.visited[w]) {
                continue;
            }
            self.written[i] = true;
            let mut item = format!("{}{}", self.edges[i].2, self.vertex(w));
            if self.tree_edge[i] {
                let rest = self.branches(w);
                match rest.len() {
                    0 => {}
                    1 => item.push_str(&rest[0]),
                    _ => item.push_str(&format!("({})", rest.join(";"))),
                }
            }
            items.push(item);
        }
        items
    }
}

/// `` `L` or `R` `` for the labels `"LR"`.
fn label_list(labels: &str) -> String {
    let quoted: Vec<String> = labels.chars().map(|c| format!("`{c}`")).collect();
    quoted.join(" or ")
}

struct Reader<'n> {
    /// The characters that are not spaces, with their positions in the string.
    chars: Vec<(usize, char)>,
    at: usize,
    notation: &'n Notation,
    graph: Graph,
    names: HashMap<String, usize>,
    /// How many groups `(` are open.
    depth: usize,
}

/// How deep groups `(...)` may nest (the reader recurses once per group).
pub const MAX_DEPTH: usize = 256;

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).map(|&(_, c)| c)
    }

    /// An error at the current character (or at the end of the string).
    fn error(&self, expected: &str) -> String {
        let at = match self.chars.get(self.at) {
            Some(&(i, c)) => format!("unexpected `{c}` at character {}", i + 1),
            None => "unexpected end of the graph string".to_string(),
        };
        format!("{at}: {expected}. {}", self.notation.summary)
    }

    fn is_edge(&self, c: char) -> bool {
        (c == '-' && self.notation.plain_edges) || self.notation.edge_labels.contains(c)
    }

    fn is_vertex_label(&self, c: char) -> bool {
        c == '.' || self.notation.vertex_labels.contains(c)
    }

    /// The whole string: pieces separated by `;`.
    fn pieces(&mut self) -> Result<(), String> {
        loop {
            let start = match (self.notation.shared_root, self.graph.vertices.is_empty()) {
                (true, false) => 0,
                _ => self.vertex()?,
            };
            self.path(start)?;
            match self.peek() {
                None => return Ok(()),
                Some(';') => self.at += 1,
                Some(_) => return Err(self.error("a `)` closes a `(` opened before it")),
            }
        }
    }

    /// A path from vertex `from`: edges and vertices, perhaps ended by a group of branches.
    fn path(&mut self, mut from: usize) -> Result<(), String> {
        loop {
            match self.peek() {
                None | Some(';') | Some(')') => return Ok(()),
                Some('(') => {
                    self.depth += 1;
                    if self.depth > MAX_DEPTH {
                        return Err(
                            self.error(&format!("groups `(...)` nest at most {MAX_DEPTH} deep"))
                        );
                    }
                    self.at += 1;
                    loop {
                        self.path(from)?;
                        match self.peek() {
                            Some(';') => self.at += 1,
                            Some(')') => {
                                self.at += 1;
                                break;
                            }
                            _ => return Err(self.error("a `(` needs its `)`")),
                        }
                    }
                    self.depth -= 1;
                    return match self.peek() {
                        None | Some(';') | Some(')') => Ok(()),
                        Some(_) => Err(self.error(
                            "a group of branches `(a;b)` ends its path (continue inside a branch)",
                        )),
                    };
                }
                Some(c) if self.is_edge(c) => {
                    self.at += 1;
                    let to = self.vertex()?;
                    self.graph.edges.push((from, to, c));
                    from = to;
                }
                Some(_) => {
                    let what = if self.notation.plain_edges {
                        "expected an edge `-`".to_string()
                    } else {
                        format!("expected an edge {}", label_list(self.notation.edge_labels))
                    };
                    return Err(self.error(&format!("{what}, `(`, `;` or `)`")));
                }
            }
        }
    }

    /// A vertex: an optional label and an optional name; a new vertex unless the name is known.
    fn vertex(&mut self) -> Result<usize, String> {
        let label = match self.peek() {
            Some(c) if self.is_vertex_label(c) => {
                self.at += 1;
                c
            }
            _ => '.',
        };
        let name = if self.peek() == Some(':') {
            self.at += 1;
            Some(self.name()?)
        } else {
            None
        };
        if let Some(&v) = name.as_ref().and_then(|n| self.names.get(n)) {
            if self.graph.vertices[v] != label {
                self.at -= 1;
                return Err(self.error(&format!(
                    "the vertex `{}` was labelled `{}` before, and every mention of a named vertex has the same label",
                    name.unwrap_or_default(),
                    self.graph.vertices[v]
                )));
            }
            return Ok(v);
        }
        let v = self.graph.vertices.len();
        self.graph.vertices.push(label);
        if let Some(n) = name {
            self.names.insert(n, v);
        }
        Ok(v)
    }

    /// A vertex name after `:`: one letter or digit, or `{name}`.
    fn name(&mut self) -> Result<String, String> {
        match self.peek() {
            Some('{') => {
                let open = self.at;
                self.at += 1;
                let mut name = String::new();
                loop {
                    match self.peek() {
                        Some('}') => {
                            self.at += 1;
                            return Ok(name);
                        }
                        Some(c) => {
                            name.push(c);
                            self.at += 1;
                        }
                        None => {
                            self.at = open;
                            return Err(self.error("a vertex name `:{name}` needs its `}`"));
                        }
                    }
                }
            }
            Some(c) if c.is_alphanumeric() => {
                self.at += 1;
                Ok(c.to_string())
            }
            _ => Err(self.error("after `:` comes a vertex name: one letter or digit, or `{name}`")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HACK: Notation = Notation {
        vertex_labels: "",
        edge_labels: "lre",
        plain_edges: false,
        shared_root: true,
        summary: "(Hackenbush)",
    };
    const SNORT: Notation = Notation {
        vertex_labels: "LR",
        edge_labels: "",
        plain_edges: true,
        shared_root: false,
        summary: "(Snort)",
    };

    #[test]
    fn paths_branches_names_and_pieces() {
        let g = parse_graph("lre", &HACK).unwrap();
        assert_eq!(g.vertices.len(), 4);
        assert_eq!(g.edges, vec![(0, 1, 'l'), (1, 2, 'r'), (2, 3, 'e')]);
        // A trunk and two branches from its top.
        let g = parse_graph("l(l;rl)", &HACK).unwrap();
        assert_eq!(
            g.edges,
            vec![(0, 1, 'l'), (1, 2, 'l'), (1, 3, 'r'), (3, 4, 'l')]
        );
        // Pieces on the ground share vertex 0.
        let g = parse_graph("l;r", &HACK).unwrap();
        assert_eq!(g.edges, vec![(0, 1, 'l'), (0, 2, 'r')]);
        // A named ground closes a cycle: a triangle on the ground.
        let g = parse_graph(":G l l :G", &HACK).unwrap();
        assert_eq!(g.vertices.len(), 2);
        assert_eq!(g.edges, vec![(0, 1, 'l'), (1, 0, 'l')]);
        let g = parse_graph(":{root}lrl:{root}", &HACK).unwrap();
        assert_eq!(g.vertices.len(), 3);
        // Snort: labelled vertices, separate pieces.
        let g = parse_graph("L-.-R;.", &SNORT).unwrap();
        assert_eq!(g.vertices, vec!['L', '.', 'R', '.']);
        assert_eq!(g.edges, vec![(0, 1, '-'), (1, 2, '-')]);
        let g = parse_graph(".-.-.(-.;-.)", &SNORT).unwrap();
        assert_eq!(g.vertices.len(), 5);
        assert_eq!(g.edges[3], (2, 4, '-'));
    }

    #[test]
    fn errors_name_the_character_and_the_notation() {
        let cases = [
            ("lxr", "unexpected `x` at character 2"),
            (
                "l(l;r",
                "unexpected end of the graph string: a `(` needs its `)`",
            ),
            (
                "l(l;r)l",
                "unexpected `l` at character 7: a group of branches",
            ),
            ("l)r", "unexpected `)` at character 2"),
            ("l:", "after `:` comes a vertex name"),
            ("l:{ab", "`:{name}` needs its `}`"),
            ("l>", "unexpected `>` at character 2"),
        ];
        for (s, expected) in cases {
            let e = parse_graph(s, &HACK).unwrap_err();
            assert!(e.contains(expected), "{s}: {e}");
            assert!(e.ends_with("(Hackenbush)"), "{s}: {e}");
        }
        let e = parse_graph("L:A-.-:A", &SNORT).unwrap_err();
        assert!(e.contains("labelled `L` before"), "{e}");
        let e = parse_graph("l-", &SNORT).unwrap_err();
        assert!(e.contains("unexpected `l` at character 1"), "{e}");
    }

    /// Random strings over the notation's characters are read or refused, never a panic;
    /// deep nesting is refused with its limit.
    #[test]
    fn random_strings_are_read_or_refused() {
        let mut rng = crate::game::rng::Rng::xorshift64(29);
        let alphabet: Vec<char> = "lre-.LR();:{}|>< A0#".chars().collect();
        for _ in 0..5000 {
            let len = rng.below(14);
            let s: String = (0..len).map(|_| *rng.pick(&alphabet)).collect();
            for notation in [&HACK, &SNORT] {
                if let Ok(g) = parse_graph(&s, notation) {
                    let again = write_graph(&g.vertices, &g.edges, notation.shared_root);
                    let back = parse_graph(&again, notation).expect("a written graph reads");
                    assert_eq!(back.edges.len(), g.edges.len(), "{s} -> {again}");
                    assert_eq!(back.vertices.len(), g.vertices.len(), "{s} -> {again}");
                }
            }
            let _ = parse_grid(&s, "LR", "");
        }
        let deep = format!("{}l{}", "l(".repeat(300), ")".repeat(300));
        let e = parse_graph(&deep, &HACK).unwrap_err();
        assert!(e.contains("nest at most 256 deep"), "{e}");
    }

    #[test]
    fn grids_join_orthogonal_neighbours() {
        let g = parse_grid("..|.#", "LR", "").unwrap();
        assert_eq!(g.vertices, vec!['.', '.', '.']);
        assert_eq!(g.edges, vec![(0, 1, '-'), (0, 2, '-')]);
        let e = parse_grid("..|.", "LR", "(Snort)").unwrap_err();
        assert!(e.contains("row 2"), "{e}");
        let e = parse_grid(".x", "LR", "(Snort)").unwrap_err();
        assert!(e.contains("unexpected `x` at character 2"), "{e}");
    }
}
