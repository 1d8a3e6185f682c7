//! Reading a sled tree around damage. sled stops a scan at the first page
//! of its file that fails its checksum (and every later scan stops
//! there again), so one damaged page would hide every record after it.
//! [`careful_scan`] reads forward up to the damage, then backward from
//! the end down to it, and probes the stretch in between (bisecting the
//! key space) for readable pages between damaged ones. What it cannot
//! read is named by the keys around it.

use std::collections::BTreeMap;
use std::ops::Bound;

use sled::IVec;

/// How many bisections one tree's damaged stretches may take in all (a
/// probe that lands in a damaged page costs one read of that page).
const PROBES: usize = 512;

/// A stretch of a tree that cannot be read at all (a damaged page of
/// the file): the last key read before it and the first after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LostStretch {
    /// `None`: from the tree's start.
    pub after: Option<Vec<u8>>,
    /// `None`: to the tree's end.
    pub before: Option<Vec<u8>>,
    /// Why, for the operator.
    pub cause: String,
}

impl LostStretch {
    /// `key` lies in this stretch.
    pub fn holds(&self, key: &[u8]) -> bool {
        self.after.as_deref().is_none_or(|after| key > after)
            && self.before.as_deref().is_none_or(|before| key < before)
    }
}

/// The words for a sled error met while scanning.
pub fn cause_of(error: &sled::Error) -> String {
    match error {
        sled::Error::Corruption { .. } => "a page of the database file fails its checksum".into(),
        other => other.to_string(),
    }
}

type Range = (Bound<Vec<u8>>, Bound<Vec<u8>>, String);

/// Every entry of `tree` that can be read (raw stored bytes), and the
/// stretches that cannot.
pub fn careful_scan(tree: &sled::Tree) -> (BTreeMap<Vec<u8>, IVec>, Vec<LostStretch>) {
    let mut good = BTreeMap::new();
    let mut gaps = Vec::new();
    let mut budget = PROBES;
    scan_between(
        tree,
        Bound::Unbounded,
        Bound::Unbounded,
        &mut good,
        &mut gaps,
        &mut budget,
    );
    let lost = stretches(gaps, &good);
    (good, lost)
}

fn scan_between(
    tree: &sled::Tree,
    mut lo: Bound<Vec<u8>>,
    mut hi: Bound<Vec<u8>>,
    good: &mut BTreeMap<Vec<u8>, IVec>,
    gaps: &mut Vec<Range>,
    budget: &mut usize,
) {
    let cause;
    let mut forward = tree.range((lo.clone(), hi.clone()));
    loop {
        match forward.next() {
            None => return,
            Some(Ok((key, value))) => {
                lo = Bound::Excluded(key.to_vec());
                good.insert(key.to_vec(), value);
            }
            Some(Err(error)) => {
                cause = cause_of(&error);
                break;
            }
        }
    }
    let mut backward = tree.range((lo.clone(), hi.clone()));
    loop {
        match backward.next_back() {
            None => return,
            Some(Ok((key, value))) => {
                hi = Bound::Excluded(key.to_vec());
                good.insert(key.to_vec(), value);
            }
            Some(Err(_)) => break,
        }
    }
    if *budget > 0 {
        if let Some(mid) = midpoint(&lo, &hi) {
            *budget -= 1;
            scan_between(tree, lo, Bound::Excluded(mid.clone()), good, gaps, budget);
            scan_between(tree, Bound::Included(mid), hi, good, gaps, budget);
            return;
        }
    }
    gaps.push((lo, hi, cause));
}

fn bound_key(bound: &Bound<Vec<u8>>) -> Option<&[u8]> {
    match bound {
        Bound::Included(key) | Bound::Excluded(key) => Some(key),
        Bound::Unbounded => None,
    }
}

/// A key strictly between the two bounds (keys read as base-256
/// fractions), if there is room for one.
fn midpoint(lo: &Bound<Vec<u8>>, hi: &Bound<Vec<u8>>) -> Option<Vec<u8>> {
    let a = bound_key(lo).unwrap_or(&[]);
    let b = match bound_key(hi) {
        Some(key) => key.to_vec(),
        None => vec![0xFF; a.len() + 2],
    };
    let n = a.len().max(b.len()) + 1;
    let digit = |s: &[u8], i: usize| u16::from(s.get(i).copied().unwrap_or(0));
    let mut sum = vec![0u16; n];
    let mut carry = 0u16;
    for i in (0..n).rev() {
        let s = digit(a, i) + digit(&b, i) + carry;
        sum[i] = s & 0xFF;
        carry = s >> 8;
    }
    let mut mid = Vec::with_capacity(n);
    let mut rem = carry;
    for s in sum {
        let cur = rem * 256 + s;
        mid.push((cur / 2) as u8);
        rem = cur % 2;
    }
    while mid.len() > 1 && mid.last() == Some(&0) && mid[..mid.len() - 1] > *a {
        mid.pop();
    }
    (mid.as_slice() > a && mid < b).then_some(mid)
}

/// The unread stretches named by the readable keys around them, merged
/// where no readable key lies between.
fn stretches(gaps: Vec<Range>, good: &BTreeMap<Vec<u8>, IVec>) -> Vec<LostStretch> {
    let mut out: Vec<LostStretch> = Vec::new();
    for (lo, hi, cause) in gaps {
        let after = match bound_key(&lo) {
            Some(key) => good
                .range::<[u8], _>((Bound::Unbounded, Bound::Included(key)))
                .next_back()
                .map(|(k, _)| k.clone()),
            None => None,
        };
        let before = match bound_key(&hi) {
            Some(key) => good
                .range::<[u8], _>((Bound::Included(key), Bound::Unbounded))
                .next()
                .map(|(k, _)| k.clone()),
            None => None,
        };
        let stretch = LostStretch {
            after,
            before,
            cause,
        };
        if !out
            .iter()
            .any(|s| s.after == stretch.after && s.before == stretch.before)
        {
            out.push(stretch);
        }
    }
    out.sort_by(|a, b| a.after.cmp(&b.after));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_midpoint_lies_strictly_between() {
        let cases: [(&[u8], Option<&[u8]>); 5] = [
            (b"test:a", Some(b"test:z")),
            (b"", None),
            (b"test:c10", Some(b"test:c11")),
            (b"a", Some(b"a\x00\x01")),
            (b"\xff\xff", None),
        ];
        for (a, b) in cases {
            let lo = Bound::Excluded(a.to_vec());
            let hi = b.map_or(Bound::Unbounded, |b| Bound::Excluded(b.to_vec()));
            let mid = midpoint(&lo, &hi).expect("room");
            assert!(mid.as_slice() > a, "{a:?} {b:?} {mid:?}");
            if let Some(b) = b {
                assert!(mid.as_slice() < b, "{a:?} {b:?} {mid:?}");
            }
        }
        let lo = Bound::Excluded(b"a".to_vec());
        assert_eq!(midpoint(&lo, &Bound::Excluded(b"a\x00".to_vec())), None);
    }

    #[test]
    fn a_healthy_tree_is_read_whole() {
        let db = sled::Config::new().temporary(true).open().expect("open");
        let tree = db.open_tree("t").expect("tree");
        for i in 0..500u32 {
            tree.insert(format!("k{i:05}"), &i.to_be_bytes())
                .expect("insert");
        }
        let (good, lost) = careful_scan(&tree);
        assert_eq!(good.len(), 500);
        assert!(lost.is_empty());
    }
}
