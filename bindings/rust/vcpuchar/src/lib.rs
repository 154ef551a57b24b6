// SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause
//! Safe Rust API of libvcpuchar: POWER (pseries) CPU security caps and
//! H_GET_CPU_CHARACTERISTICS, and the x86 HLT-exit policy (SVM Idle HLT) of a
//! KVM VMM. Every exported C function has a wrapper here (the rust suite's
//! `coverage` test checks it against lib/libvcpuchar.sym).
//!
//! Conventions, as the C library's (include/vcpuchar/common.h):
//! - a failing call is an [`Error`] carrying the errno and, for functions that
//!   parse outside input, the library's sentence;
//! - C enums are Rust enums with the same explicit values ([`enums`]); a value a
//!   newer library returns that this crate does not know is `None`, never UB;
//! - the C structs with a leading `size` are used as they are (`sys` types with
//!   aliases here); [`Init::init`] is `VCPUCHAR_INIT`, and every wrapper
//!   passes the library a copy whose `size` it set, so a caller's `size` never
//!   matters;
//! - results that hold lists (reasons, warnings, conflicts, migration entries,
//!   start verdicts)
//!   are wrapped in types with iterators.
//!
//! Everything is pure and allocation-free in C except the probes, apply, the
//! statistics read and profile files; the wrappers allocate only for strings.
#![warn(missing_docs)]

mod common;
pub mod enums;
mod error;
mod ppc;
mod ppc_migrate_hosts;
mod ppc_start;
mod profile;
mod qemu_profile;
mod util;
mod x86;

pub use common::*;
pub use enums::*;
pub use error::{Errno, Error, Result};
pub use ppc::*;
pub use ppc_migrate_hosts::*;
pub use ppc_start::*;
pub use profile::*;
pub use qemu_profile::*;
pub use util::Init;
pub use x86::*;
/// The raw C API (bindgen output), for what this crate does not wrap.
pub use vcpuchar_sys as sys;
