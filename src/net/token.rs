//! Invite codes and rejoin tokens: 128 random bits from the operating system's generator,
//! written in base32 (RFC 4648 alphabet, lower case, no padding: 26 characters).

use rand::TryRng;

const ALPHABET: &[u8; 32] = b"abcdefghijklmnopqrstuvwxyz234567";

/// A new random token.
pub fn new_token() -> String {
    let mut bytes = [0u8; 16];
    if rand::rngs::SysRng.try_fill_bytes(&mut bytes).is_err() {
        // The thread generator is a cryptographic one seeded by the system.
        rand::Rng::fill_bytes(&mut rand::rng(), &mut bytes);
    }
    base32(&bytes)
}

/// Base32 of `bytes` (lower case, no padding).
pub fn base32(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 8 / 5 + 1);
    let mut acc: u32 = 0;
    let mut bits = 0;
    for &b in bytes {
        acc = (acc << 8) | b as u32;
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(ALPHABET[((acc >> bits) & 31) as usize] as char);
        }
    }
    if bits > 0 {
        out.push(ALPHABET[((acc << (5 - bits)) & 31) as usize] as char);
    }
    out
}

/// Compares two tokens in time that does not depend on where they differ.
pub fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

/// An invite code: `ADDRESS/TOKEN`.
pub fn invite_code(address: &str, token: &str) -> String {
    format!("{address}/{token}")
}

/// Splits an invite code into the address to connect to and the token; `None` if it is not
/// of that form. Spaces around it (a pasted code) are ignored.
pub fn parse_code(code: &str) -> Option<(String, String)> {
    let code = code.trim();
    let code = code.strip_prefix("ws://").unwrap_or(code);
    let (address, token) = code.rsplit_once('/')?;
    let token = token.trim().to_ascii_lowercase();
    if address.is_empty() || token.len() != 26 || !token.bytes().all(|b| ALPHABET.contains(&b)) {
        return None;
    }
    Some((address.to_string(), token))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_distinct_and_read_back() {
        let a = new_token();
        let b = new_token();
        assert_eq!(a.len(), 26);
        assert_ne!(a, b);
        let code = invite_code("127.0.0.1:4000", &a);
        assert_eq!(
            parse_code(&format!(" {code}\n")),
            Some(("127.0.0.1:4000".to_string(), a.clone()))
        );
        assert_eq!(
            parse_code(&invite_code("[::1]:4000", &a)),
            Some(("[::1]:4000".to_string(), a))
        );
        assert_eq!(parse_code("127.0.0.1:4000/short"), None);
        assert_eq!(parse_code("no-slash"), None);
    }

    #[test]
    fn base32_of_known_bytes() {
        assert_eq!(base32(b"foobar"), "mzxw6ytboi");
        assert!(same("abc", "abc"));
        assert!(!same("abc", "abd"));
        assert!(!same("abc", "ab"));
    }
}
