#pragma once
// What the library needs of the compiler, said plainly by the first error
// rather than left to errors from deep inside the headers: exceptions
// (every refusal of a bad argument or an impossible board is one), and
// unsigned __int128 for exact counts (GCC and Clang on 64-bit targets; not
// -m32, not MSVC). Every header that throws or counts includes it.

#if !defined(__cpp_exceptions)
#error "battleship needs C++ exceptions (it reports bad input by throwing): do not compile with -fno-exceptions"
#endif

#if !defined(__SIZEOF_INT128__)
#error "battleship needs unsigned __int128 for exact counts: GCC or Clang on a 64-bit target (not -m32, not MSVC)"
#endif
