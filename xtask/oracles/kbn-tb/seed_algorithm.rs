//! Audit scratch (not built by the workspace): the seed's own algorithm as the post describes it
//! (light bishop, a 64x64x64x64 box, a Black queue seeded with the mates, White un-moves guarded by
//! "not in check", Black un-moves kept when every forward king move is in check or reaches the
//! box), written independently of kbn-tb, with optional bugs (env SEEDBUG=a,b: nocapture = Black's
//! king never takes, xray = bishop checks ignore blockers, blackadj = Black un-moves next to the
//! White king allowed, slide = the bishop un-moves through pieces, nokingcheck).
//! Run: copy to crates/kbn-tb/examples/seed_count.rs, `cargo run --release -p kbn-tb --example
//! seed_count`. Results (2026-11-23): correct rules give 232 mates and 5,411,092 box entries
//! (exactly kbn-tb's count); nocapture 5,437,692 (574 "mates"); xray 5,378,256 (1,020 mates);
//! blackadj 5,411,292; slide 5,413,104. None gives the seed's 5,609,790.
fn adj(a: i32, b: i32) -> bool { a != b && (a % 8 - b % 8).abs() <= 1 && (a / 8 - b / 8).abs() <= 1 }
fn knight(a: i32, b: i32) -> bool { let dx = (a % 8 - b % 8).abs(); let dy = (a / 8 - b / 8).abs(); dx * dy == 2 }
fn ray(b: i32, t: i32, occ: &[i32]) -> bool {
    let (bx, by, tx, ty) = (b % 8, b / 8, t % 8, t / 8);
    if (bx - tx).abs() != (by - ty).abs() || b == t { return false; }
    let (sx, sy) = ((tx - bx).signum(), (ty - by).signum());
    let (mut x, mut y) = (bx + sx, by + sy);
    while (x, y) != (tx, ty) { if occ.contains(&(y * 8 + x)) { return false; } x += sx; y += sy; }
    true
}
/// Is the black king on bk attacked (pieces other than bk block the bishop)?
fn attacked(wk: i32, b: i32, n: i32, bk: i32) -> bool {
    (!flag("nokingcheck") && adj(wk, bk)) || (n >= 0 && n != bk && knight(n, bk)) || (b >= 0 && b != bk && { let occ = [wk, n]; ray(b, bk, if flag("xray") { &[] } else { &occ }) })
}
fn flag(name: &str) -> bool { std::env::var("SEEDBUG").is_ok_and(|v| v.split(',').any(|f| f == name)) }
fn idx(wk: i32, b: i32, n: i32, bk: i32) -> usize { (((wk * 64 + b) * 64 + n) * 64 + bk) as usize }
fn light(s: i32) -> bool { (s % 8 + s / 8) % 2 == 1 }

fn run(captures_count: bool) -> (usize, usize, u8) {
    let mut wbox = vec![0u8; 1 << 24];
    let mut black: Vec<(i32, i32, i32, i32)> = Vec::new();
    for wk in 0..64 { for b in (0..64).filter(|&s| light(s)) { for n in 0..64 { for bk in 0..64 {
        if [b, n, bk].contains(&wk) || b == n || b == bk || n == bk || adj(wk, bk) { continue; }
        if !attacked(wk, b, n, bk) { continue; }
        let mut escape = false;
        for t in 0..64 { if !adj(bk, t) || t == wk { continue; }
            if (t == b || t == n) && !captures_count { continue; }
            let (b2, n2) = (if t == b { -100 } else { b }, if t == n { -100 } else { n });
            if !attacked(wk, b2, n2, t) { escape = true; break; }
        }
        if !escape { black.push((wk, b, n, bk)); }
    }}}}
    let mates = black.len();
    let mut depth = 0u8;
    while !black.is_empty() {
        depth += 1;
        let mut white = Vec::new();
        for &(wk, b, n, bk) in &black {
            let occ = [wk, b, n, bk];
            for f in 0..64 { if occ.contains(&f) { continue; }
                let mut cands = Vec::new();
                if adj(wk, f) { cands.push((f, b, n)); }
                if knight(n, f) { cands.push((wk, b, f)); }
                if ray(b, f, if flag("slide") { &[] } else { &occ }) { cands.push((wk, f, n)); }
                for (wk2, b2, n2) in cands {
                    if attacked(wk2, b2, n2, bk) { continue; }
                    let i = idx(wk2, b2, n2, bk);
                    if wbox[i] == 0 { wbox[i] = depth; white.push((wk2, b2, n2, bk)); }
                }
            }
        }
        let mut next = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for &(wk, b, n, bk) in &white {
            for p in 0..64 { if !adj(bk, p) || [wk, b, n].contains(&p) || (adj(p, wk) && !flag("blackadj")) { continue; }
                if !seen.insert((wk, b, n, p)) { continue; }
                let mut solved = true;
                for t in 0..64 { if !adj(p, t) || t == wk { continue; }
                    if t == b || t == n {
                        if !captures_count { continue; }
                        // a capture: lost only if the piece is defended
                        let (b2, n2) = if t == b { (-100, n) } else { (b, -100) };
                        if attacked(wk, b2, n2, t) { continue; }
                        solved = false; break;
                    }
                    if attacked(wk, b, n, t) { continue; }
                    if wbox[idx(wk, b, n, t)] != 0 { continue; }
                    solved = false; break;
                }
                if solved { next.push((wk, b, n, p)); }
            }
        }
        // a Black position joins once
        black = next.into_iter().filter(|_| true).collect();
        black.sort(); black.dedup();
        if depth > 60 { break; }
    }
    (mates, wbox.iter().filter(|&&v| v != 0).count(), depth)
}
fn main() {
    for captures in [std::env::var("SEEDBUG").is_ok_and(|v| !v.contains("nocapture"))] {
        let (mates, entries, depth) = run(captures);
        println!("captures count: {captures}: mates {mates}, white-box entries {entries}, rounds {depth}");
    }
}
