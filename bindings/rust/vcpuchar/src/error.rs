// SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause
//! The error of every call: the C function, its negative errno and, for the
//! functions that take a message buffer, the library's sentence.
use std::fmt;

/// The negative errno a call returned (-22 for EINVAL): the error type of the
/// crate's first four wrappers. [`Error`] dereferences to it, so `e.0` still
/// reads the negative errno.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Errno(pub i32);

/// A failed library call.
///
/// `Display` prints the library's message (when it wrote one) and the cause:
/// `"unknown cap \"foo\" (vcpuchar_ppc_caps_parse: EINVAL, Invalid argument)"`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    func: &'static str,
    code: Errno,
    message: Option<String>,
}

/// The crate's result type.
pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    pub(crate) fn new(func: &'static str, ret: i32, message: Option<String>) -> Error {
        Error { func, code: Errno(ret), message }
    }

    /// The positive errno (22 for EINVAL); the C function returned its negative.
    pub fn errno(&self) -> i32 {
        -self.code.0
    }

    /// The C function that failed, e.g. `"vcpuchar_x86_decide"`.
    pub fn function(&self) -> &'static str {
        self.func
    }

    /// The library's sentence on what was wrong, for the functions with a
    /// message buffer (`None` for the others, or when it wrote none).
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// The errno's symbolic name ("EINVAL"), or "errno N" for one not listed here.
    pub fn errno_name(&self) -> String {
        let name = match self.errno() {
            1 => "EPERM",
            2 => "ENOENT",
            5 => "EIO",
            7 => "E2BIG",
            9 => "EBADF",
            12 => "ENOMEM",
            13 => "EACCES",
            16 => "EBUSY",
            20 => "ENOTDIR",
            21 => "EISDIR",
            22 => "EINVAL",
            25 => "ENOTTY",
            27 => "EFBIG",
            28 => "ENOSPC",
            30 => "EROFS",
            34 => "ERANGE",
            36 => "ENAMETOOLONG",
            38 => "ENOSYS",
            40 => "ELOOP",
            61 => "ENODATA",
            95 => "ENOTSUP",
            _ => return format!("errno {}", self.errno()),
        };
        name.to_string()
    }

    /// As `std::io::Error` (its kind follows the errno).
    pub fn to_io_error(&self) -> std::io::Error {
        std::io::Error::new(std::io::Error::from_raw_os_error(self.errno()).kind(), self.to_string())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cause = std::io::Error::from_raw_os_error(self.errno()).to_string();
        let cause = cause.split(" (os error").next().unwrap_or("").to_string();
        match &self.message {
            Some(m) => write!(f, "{} ({}: {}, {})", m, self.func, self.errno_name(), cause),
            None => write!(f, "{}: {}, {}", self.func, self.errno_name(), cause),
        }
    }
}

impl std::error::Error for Error {}

impl std::ops::Deref for Error {
    type Target = Errno;
    /// The negative errno, as the crate's first wrappers returned it.
    fn deref(&self) -> &Errno {
        &self.code
    }
}

impl From<Error> for std::io::Error {
    fn from(e: Error) -> std::io::Error {
        e.to_io_error()
    }
}
