//! A list with a fixed room, kept inline: the seats at a table (at most 4), the cards under
//! the solo deck (at most 30), a refill's dealing order (18 spaces). Copying a game state or an
//! observation copies these as plain bytes, with no allocation, which is what fast playouts and
//! search need. It reads as a slice (`len`, `iter`, indexing) and is written to files as a
//! plain sequence, exactly as the `Vec` it replaces was.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::{Deref, DerefMut};

/// At most `N` values of `T`, inline.
#[derive(Clone, Copy)]
pub struct List<T: Copy + Default, const N: usize> {
    items: [T; N],
    len: u8,
}

impl<T: Copy + Default, const N: usize> List<T, N> {
    pub fn new() -> Self {
        List {
            items: [T::default(); N],
            len: 0,
        }
    }

    /// `n` copies of `value` (at most `N`).
    pub fn filled(value: T, n: usize) -> Self {
        let mut l = Self::new();
        for _ in 0..n.min(N) {
            l.push(value);
        }
        l
    }

    /// The values of a slice that has at most `N` of them; `None` for a longer one.
    pub fn from_slice(values: &[T]) -> Option<Self> {
        if values.len() > N {
            return None;
        }
        let mut l = Self::new();
        l.items[..values.len()].copy_from_slice(values);
        l.len = values.len() as u8;
        Some(l)
    }

    pub const fn capacity(&self) -> usize {
        N
    }

    /// Adds a value at the end. A full list is left as it is: the rules never fill one past
    /// its room, and a file that would is refused when read.
    pub fn push(&mut self, value: T) {
        debug_assert!((self.len as usize) < N, "a list of {N} is full");
        if (self.len as usize) < N {
            self.items[self.len as usize] = value;
            self.len += 1;
        }
    }

    /// Removes the first value and shifts the rest forward.
    pub fn remove_first(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        let first = self.items[0];
        self.items.copy_within(1..self.len as usize, 0);
        self.len -= 1;
        self.items[self.len as usize] = T::default();
        Some(first)
    }

    pub fn clear(&mut self) {
        self.items = [T::default(); N];
        self.len = 0;
    }
}

impl<T: Copy + Default, const N: usize> Default for List<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Copy + Default, const N: usize> Deref for List<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items[..self.len as usize]
    }
}

impl<T: Copy + Default, const N: usize> DerefMut for List<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items[..self.len as usize]
    }
}

impl<'a, T: Copy + Default, const N: usize> IntoIterator for &'a List<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, T: Copy + Default, const N: usize> IntoIterator for &'a mut List<T, N> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl<T: Copy + Default + PartialEq, const N: usize> PartialEq for List<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self[..] == other[..]
    }
}

impl<T: Copy + Default + Eq, const N: usize> Eq for List<T, N> {}

impl<T: Copy + Default + fmt::Debug, const N: usize> fmt::Debug for List<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Copy + Default + Serialize, const N: usize> Serialize for List<T, N> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self[..].serialize(s)
    }
}

impl<'de, T: Copy + Default + Deserialize<'de>, const N: usize> Deserialize<'de> for List<T, N> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Vec::<T>::deserialize(d)?;
        List::from_slice(&v).ok_or_else(|| {
            serde::de::Error::invalid_length(v.len(), &format!("at most {N} values").as_str())
        })
    }
}

impl<T: Copy + Default, const N: usize> FromIterator<T> for List<T, N> {
    /// The first `N` values of the iterator.
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut l = Self::new();
        for v in iter.into_iter().take(N) {
            l.push(v);
        }
        l
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_as_a_slice_and_keeps_its_room() {
        let mut l: List<u8, 3> = List::new();
        assert!(l.is_empty());
        l.push(4);
        l.push(5);
        assert_eq!(&l[..], &[4, 5]);
        assert_eq!(l.iter().sum::<u8>(), 9);
        assert_eq!(l.remove_first(), Some(4));
        assert_eq!(&l[..], &[5]);
        l.push(6);
        l.push(7);
        assert_eq!(l.len(), 3);
        assert_eq!(l.remove_first(), Some(5));
        assert_eq!(l.remove_first(), Some(6));
        assert_eq!(l.remove_first(), Some(7));
        assert_eq!(l.remove_first(), None);
        assert_eq!(List::<u8, 3>::from_slice(&[1, 2, 3, 4]), None);
    }

    #[test]
    fn is_written_as_the_vec_it_replaced() {
        let l: List<u8, 30> = [3u8, 1, 4].into_iter().collect();
        let text = ron::to_string(&l).unwrap();
        assert_eq!(text, ron::to_string(&vec![3u8, 1, 4]).unwrap());
        assert_eq!(ron::from_str::<List<u8, 30>>(&text).unwrap(), l);
        let too_many = ron::to_string(&vec![0u8; 31]).unwrap();
        assert!(ron::from_str::<List<u8, 30>>(&too_many).is_err());
    }

    #[test]
    fn equality_ignores_the_unused_room() {
        let mut a: List<u8, 4> = [1u8, 2].into_iter().collect();
        let b: List<u8, 4> = [1u8].into_iter().collect();
        a.items[3] = 9;
        a.len = 1;
        assert_eq!(a, b);
    }
}
