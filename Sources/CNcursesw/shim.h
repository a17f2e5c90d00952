// Wrappers for what Swift cannot import from ncursesw: macros, and globals that
// Swift 6 rejects as shared mutable state. Prefixed `gallery_`.
#ifndef GALLERY_CNCURSESW_SHIM_H
#define GALLERY_CNCURSESW_SHIM_H

#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <ncursesw/curses.h>

static inline WINDOW *gallery_stdscr(void) { return stdscr; }
static inline int gallery_lines(void) { return LINES; }
static inline int gallery_cols(void) { return COLS; }
static inline int gallery_colors(void) { return COLORS; }
static inline int gallery_color_pairs(void) { return COLOR_PAIRS; }
static inline int gallery_key_resize(void) { return KEY_RESIZE; }
static inline int gallery_key_mouse(void) { return KEY_MOUSE; }
static inline int gallery_ok(void) { return OK; }
static inline int gallery_err(void) { return ERR; }
static inline int gallery_key_code_yes(void) { return KEY_CODE_YES; }

#endif
