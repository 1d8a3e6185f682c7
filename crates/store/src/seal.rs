//! Every value the sled backend stores carries its own checksum: a small
//! envelope `0xFF, version 1, crc32 (little endian) of the payload,
//! payload`. `0xFF` never begins UTF-8 text nor JSON, so a value written
//! by an older build (plain JSON or text, no envelope) is still read as it
//! is; it gains its checksum when it is next written, or when
//! `cairn db salvage` copies the database.
//!
//! sled checks its own log messages, but a value can still be damaged
//! where sled does not look (blob files, a record copied by hand, memory):
//! the envelope makes every read of every tree say which record is bad.
//! Dumps, exports and copies carry the payload, so an export is the same
//! whichever backend it came from.

/// The first byte of an envelope.
const MAGIC: u8 = 0xFF;
/// The envelope's layout version.
const VERSION: u8 = 1;
/// Magic, version, crc32.
const HEADER: usize = 6;

/// `payload` in its envelope.
pub fn seal(payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER + payload.len());
    out.push(MAGIC);
    out.push(VERSION);
    out.extend_from_slice(&crc32fast::hash(payload).to_le_bytes());
    out.extend_from_slice(payload);
    out
}

/// Why a stored value cannot be trusted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Broken {
    /// The envelope is shorter than its header.
    Truncated,
    /// An envelope of a newer layout.
    UnknownVersion(u8),
    /// The payload does not match its checksum.
    Checksum,
}

impl std::fmt::Display for Broken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Broken::Truncated => f.write_str("its stored bytes are cut short"),
            Broken::UnknownVersion(v) => {
                write!(f, "it was written by a newer Cairn (envelope version {v})")
            }
            Broken::Checksum => f.write_str("its bytes do not match their checksum"),
        }
    }
}

/// The payload of a stored value: checked when it has an envelope, as it
/// is when it predates them.
pub fn open(stored: &[u8]) -> Result<&[u8], Broken> {
    if stored.first() != Some(&MAGIC) {
        return Ok(stored);
    }
    if stored.len() < HEADER {
        return Err(Broken::Truncated);
    }
    if stored[1] != VERSION {
        return Err(Broken::UnknownVersion(stored[1]));
    }
    let mut crc = [0u8; 4];
    crc.copy_from_slice(&stored[2..HEADER]);
    let payload = &stored[HEADER..];
    if crc32fast::hash(payload) != u32::from_le_bytes(crc) {
        return Err(Broken::Checksum);
    }
    Ok(payload)
}

/// The stored value has an envelope (it was written by this build or a
/// later one).
#[cfg(test)]
pub fn is_sealed(stored: &[u8]) -> bool {
    stored.first() == Some(&MAGIC)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sealed_values_open_and_old_ones_read_as_they_are() {
        for payload in [&b""[..], b"{\"schema\":1}", b"discord:42"] {
            let sealed = seal(payload);
            assert!(is_sealed(&sealed));
            assert_eq!(open(&sealed), Ok(payload));
            assert_eq!(open(payload), Ok(payload));
        }
    }

    #[test]
    fn every_flipped_bit_is_found() {
        let sealed = seal(b"{\"schema\":1,\"game\":null}");
        for byte in 1..sealed.len() {
            for bit in 0..8 {
                let mut damaged = sealed.clone();
                damaged[byte] ^= 1 << bit;
                assert!(open(&damaged).is_err(), "byte {byte} bit {bit}");
            }
        }
        assert_eq!(open(&sealed[..4]), Err(Broken::Truncated));
    }
}
