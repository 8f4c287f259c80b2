//! The examples of `:help` pages, read as `CALL is VALUE`.

use cgcalc::lang::functions;

/// The examples `CALL is VALUE` of a help page's `Example:` part, CALL a call of any
/// function of the table.
pub fn help_examples(help: &str) -> Vec<(String, String)> {
    let Some(at) = help.find("Example:") else {
        return Vec::new();
    };
    let text = &help[at + "Example:".len()..];
    let names: Vec<&str> = functions::names().collect();
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let starts_word = i == 0
            || !(bytes[i - 1].is_ascii_alphanumeric()
                || bytes[i - 1] == b'_'
                || bytes[i - 1] == b'.');
        let name = names
            .iter()
            .filter(|n| starts_word && text[i..].starts_with(&format!("{n}(")))
            .max_by_key(|n| n.len());
        let Some(name) = name else {
            i += text[i..].chars().next().map_or(1, char::len_utf8);
            continue;
        };
        let Some(end) = closing(text, i + name.len()) else {
            break;
        };
        let call = &text[i..end];
        // A call that ends a longer expression (`nim(3) + nim(5) is *6`) is not the example.
        let inside = text[..i]
            .trim_end_matches(' ')
            .ends_with(['+', '-', '.', ':', '=', '(', '[']);
        if let Some(rest) = text[end..].strip_prefix(" is ").filter(|_| !inside) {
            let value = value_token(rest);
            if !value.is_empty() {
                out.push((call.to_string(), value));
            }
        }
        i = end;
    }
    out
}

/// The end of the bracketed group that opens at byte `open` (strings skipped).
fn closing(text: &str, open: usize) -> Option<usize> {
    let mut depth = 0;
    let mut in_string = false;
    let mut escaped = false;
    for (k, c) in text[open..].char_indices() {
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + k + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// The value after ` is `: up to a top-level `,`, `;`, blank or line end; a final `.` or
/// `:` is the sentence's.
fn value_token(rest: &str) -> String {
    let mut depth = 0i32;
    let mut end = rest.len();
    for (k, c) in rest.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ',' | ';' | ' ' | '\n' if depth <= 0 => {
                end = k;
                break;
            }
            _ => {}
        }
    }
    rest[..end].trim_end_matches(['.', ':']).to_string()
}
