// SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause
// The few helpers every wrapper shares: the C enum macro, size-led structs,
// static strings, and calls with a message buffer. All unsafe code of the
// crate's helpers is here, each block with the reason it is sound.
use crate::error::{Error, Result};
use std::ffi::CStr;
use std::os::raw::{c_char, c_int};

/// Defines a `#[repr(u32)]` enum with the C values, `raw()` and `from_raw()`
/// (a value this crate does not know is `None`, never undefined behaviour).
#[macro_export]
#[doc(hidden)]
macro_rules! c_enum {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $var:ident = $val:expr,)* }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u32)]
        pub enum $name {
            $($(#[$vdoc])* $var = $val,)*
        }
        impl $name {
            /// Every value, in C order.
            pub const ALL: &'static [$name] = &[$($name::$var,)*];
            /// The C value.
            pub fn raw(self) -> u32 {
                self as u32
            }
            /// The enum for a C value; `None` for a value this crate does not know
            /// (a newer library may return one).
            pub fn from_raw(v: u32) -> Option<$name> {
                match v {
                    $($val => Some($name::$var),)*
                    _ => None,
                }
            }
        }
        impl From<$name> for u32 {
            fn from(v: $name) -> u32 {
                v as u32
            }
        }
        impl std::convert::TryFrom<u32> for $name {
            type Error = u32;
            /// The unknown value comes back as the error.
            fn try_from(v: u32) -> std::result::Result<$name, u32> {
                $name::from_raw(v).ok_or(v)
            }
        }
    };
}

/// A C struct whose first member is `size` (the growth rule of
/// include/vcpuchar/common.h). `init()` is `VCPUCHAR_INIT`: zero, with `size`
/// set. Every wrapper passes the library a copy whose `size` it set itself,
/// so a wrong `size` in the caller's value can never make the library read
/// or write past the Rust value.
pub trait Init: Copy {
    /// All zero with `size = size_of::<Self>()` (for the caps: all zero).
    fn init() -> Self;
    /// A copy with `size` set to `size_of::<Self>()`.
    fn sized(&self) -> Self;
}

macro_rules! size_led {
    ($($t:ty),*) => {$(
        impl Init for $t {
            fn init() -> Self {
                // SAFETY: plain C data (integers, arrays, pointers that may be
                // NULL): all-zero bytes are a valid value.
                let mut v: Self = unsafe { std::mem::zeroed() };
                v.size = std::mem::size_of::<Self>() as u32;
                v
            }
            fn sized(&self) -> Self {
                let mut v = *self;
                v.size = std::mem::size_of::<Self>() as u32;
                v
            }
        }
    )*};
}
pub(crate) use size_led;

/// A static string of the library (`const char *` results), `None` for NULL.
pub(crate) fn static_str(p: *const c_char) -> Option<&'static str> {
    if p.is_null() {
        return None;
    }
    // SAFETY: the library returns NULL or a NUL-terminated string with static
    // storage duration (include/vcpuchar/common.h: "owned by the library").
    unsafe { CStr::from_ptr(p) }.to_str().ok()
}

/// The text of a NUL-terminated char array of a struct (cut at the array's
/// end when no NUL is there).
pub(crate) fn array_str(a: &[c_char]) -> String {
    let bytes: Vec<u8> = a.iter().take_while(|&&c| c != 0).map(|&c| c as u8).collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Writes `s` into a char array, NUL-terminated; `None` when it does not fit.
pub(crate) fn set_array_str(a: &mut [c_char], s: &str) -> Option<()> {
    if s.len() >= a.len() || s.as_bytes().contains(&0) {
        return None;
    }
    a.iter_mut().for_each(|c| *c = 0);
    for (d, &b) in a.iter_mut().zip(s.as_bytes()) {
        *d = b as c_char;
    }
    Some(())
}

/// Room for any message of the library (its longest are paths plus a cause).
pub(crate) const MSG_LEN: usize = 1024;

/// Calls `f(err, err_size)` with a message buffer; a negative return is an
/// `Error` with the message (or none when the library wrote none).
pub(crate) fn with_msg(func: &'static str, f: impl FnOnce(*mut c_char, usize) -> c_int) -> Result<(i32, String)> {
    let mut buf = [0 as c_char; MSG_LEN];
    let r = f(buf.as_mut_ptr(), buf.len());
    let msg = array_str(&buf);
    if r < 0 {
        return Err(Error::new(func, r, if msg.is_empty() { None } else { Some(msg) }));
    }
    Ok((r, msg))
}

/// A plain return value: negative is an `Error` without a message.
pub(crate) fn check(func: &'static str, r: c_int) -> Result<i32> {
    if r < 0 {
        Err(Error::new(func, r, None))
    } else {
        Ok(r)
    }
}

/// Calls a snprintf-like function (`len = f(buf, size)`) and returns its whole text.
pub(crate) fn snprintf_string(func: &'static str, mut f: impl FnMut(*mut c_char, usize) -> c_int) -> Result<String> {
    let mut buf = vec![0 as c_char; 256];
    loop {
        let n = check(func, f(buf.as_mut_ptr(), buf.len()))? as usize;
        if n < buf.len() {
            return Ok(array_str(&buf[..n + 1]));
        }
        buf = vec![0 as c_char; n + 1];
    }
}

/// A Rust string as a C string; a NUL inside is -EINVAL, as the library would
/// say for text it cannot read.
pub(crate) fn cstring(func: &'static str, what: &str, s: &str) -> Result<std::ffi::CString> {
    std::ffi::CString::new(s)
        .map_err(|_| Error::new(func, -libc_einval(), Some(format!("{} holds a NUL byte: {:?}", what, s))))
}

/// A path as a C string, byte for byte (Linux paths need not be UTF-8); a NUL
/// inside is -EINVAL.
pub(crate) fn cpath(func: &'static str, what: &str, p: &std::path::Path) -> Result<std::ffi::CString> {
    use std::os::unix::ffi::OsStrExt;
    std::ffi::CString::new(p.as_os_str().as_bytes())
        .map_err(|_| Error::new(func, -libc_einval(), Some(format!("{} holds a NUL byte: {:?}", what, p))))
}

/// ERANGE for a value the library returned that this crate does not know (a
/// newer library's), rather than a guess.
pub(crate) fn unknown_value(func: &'static str, v: impl std::fmt::Display) -> Error {
    Error::new(func, -34, Some(format!("the library returned {}, a value this crate does not know (a newer library?)", v)))
}

pub(crate) const fn libc_einval() -> i32 {
    22
}
