#pragma once
// What the library needs of the compiler, said once and plainly instead of
// in hundreds of errors from deep inside the headers: exceptions (every
// refusal of a bad argument or an impossible board is one), and unsigned
// __int128 for exact counts (GCC and Clang on 64-bit targets; not -m32,
// not MSVC).

#if !defined(__cpp_exceptions) && !defined(__EXCEPTIONS)
#error "battleship needs C++ exceptions (it reports bad input by throwing): do not compile with -fno-exceptions"
#endif

#if !defined(__SIZEOF_INT128__)
#error "battleship needs unsigned __int128 for exact counts: GCC or Clang on a 64-bit target (not -m32, not MSVC)"
#endif
