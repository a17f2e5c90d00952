// Wrappers for what Swift cannot import from ncursesw: macros, and globals that
// Swift 6 rejects as shared mutable state. Prefixed `gallery_`.
//
// The signal trap below keeps its state in `static` variables. Static storage in
// a header is per translation unit, so exactly one Swift file (Curses'
// SignalTrap.swift) may call the `gallery_trap_*` functions.
#ifndef GALLERY_CNCURSESW_SHIM_H
#define GALLERY_CNCURSESW_SHIM_H

#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

static inline WINDOW *gallery_stdscr(void) { return stdscr; }
static inline WINDOW *gallery_curscr(void) { return curscr; }
static inline int gallery_lines(void) { return LINES; }
static inline int gallery_cols(void) { return COLS; }
static inline int gallery_colors(void) { return COLORS; }
static inline int gallery_color_pairs(void) { return COLOR_PAIRS; }
static inline int gallery_key_resize(void) { return KEY_RESIZE; }
static inline int gallery_key_mouse(void) { return KEY_MOUSE; }
static inline int gallery_ok(void) { return OK; }
static inline int gallery_err(void) { return ERR; }
static inline int gallery_key_code_yes(void) { return KEY_CODE_YES; }

// Key codes (macros).
static inline int gallery_key_up(void) { return KEY_UP; }
static inline int gallery_key_down(void) { return KEY_DOWN; }
static inline int gallery_key_left(void) { return KEY_LEFT; }
static inline int gallery_key_right(void) { return KEY_RIGHT; }
static inline int gallery_key_ppage(void) { return KEY_PPAGE; }
static inline int gallery_key_npage(void) { return KEY_NPAGE; }
static inline int gallery_key_home(void) { return KEY_HOME; }
static inline int gallery_key_end(void) { return KEY_END; }
static inline int gallery_key_ic(void) { return KEY_IC; }
static inline int gallery_key_dc(void) { return KEY_DC; }
static inline int gallery_key_btab(void) { return KEY_BTAB; }
static inline int gallery_key_enter(void) { return KEY_ENTER; }
static inline int gallery_key_backspace(void) { return KEY_BACKSPACE; }
static inline int gallery_key_f0(void) { return KEY_F0; }

// Attributes (macros built from NCURSES_BITS).
static inline attr_t gallery_a_normal(void) { return A_NORMAL; }
static inline attr_t gallery_a_bold(void) { return A_BOLD; }
static inline attr_t gallery_a_dim(void) { return A_DIM; }
static inline attr_t gallery_a_italic(void) { return A_ITALIC; }
static inline attr_t gallery_a_underline(void) { return A_UNDERLINE; }
static inline attr_t gallery_a_reverse(void) { return A_REVERSE; }

// Mouse. A press held longer than the click interval comes as PRESSED, then
// the pointer's moves while it is held (REPORT_MOUSE_POSITION, once the terminal
// is asked for them with DECSET 1002), then RELEASED: a drag.
static inline mmask_t gallery_mouse_mask(void) {
  return BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED | BUTTON1_PRESSED | BUTTON1_RELEASED
    | BUTTON4_PRESSED | BUTTON5_PRESSED | REPORT_MOUSE_POSITION;
}
// 1 click, 2 double click, 3 wheel up, 4 wheel down, 5 press, 6 release, 7 move
// with the button held, 0 anything else.
static inline int gallery_mouse_kind(mmask_t state) {
  if (state & BUTTON1_DOUBLE_CLICKED) return 2;
  if (state & BUTTON1_CLICKED) return 1;
  if (state & BUTTON4_PRESSED) return 3;
  if (state & BUTTON5_PRESSED) return 4;
  if (state & BUTTON1_PRESSED) return 5;
  if (state & BUTTON1_RELEASED) return 6;
  if (state & REPORT_MOUSE_POSITION) return 7;
  return 0;
}

// One cell: a spacing character plus up to CCHARW_MAX - 1 combining ones, drawn
// with an extended pair number passed through `opts` (never ORed into attrs).
static inline int gallery_put_cell(int y, int x, const wchar_t *text, attr_t attrs, int pair) {
  cchar_t cell;
  wchar_t buffer[CCHARW_MAX + 1];
  int n = 0;
  while (n < CCHARW_MAX && text[n] != 0) { buffer[n] = text[n]; n++; }
  buffer[n] = 0;
  if (setcchar(&cell, buffer, attrs, (short)(pair > 32767 ? 32767 : pair), &pair) != OK)
    return ERR;
  return mvwadd_wch(stdscr, y, x, &cell);
}

// One cell holding a single spacing character: no copy of a text buffer.
static inline int gallery_put_char(int y, int x, wchar_t character, attr_t attrs, int pair) {
  cchar_t cell;
  wchar_t buffer[2] = {character, 0};
  if (setcchar(&cell, buffer, attrs, (short)(pair > 32767 ? 32767 : pair), &pair) != OK)
    return ERR;
  return mvwadd_wch(stdscr, y, x, &cell);
}

static inline int gallery_max_cchar(void) { return CCHARW_MAX; }

// Standard streams (globals Swift 6 rejects).
static inline FILE *gallery_stdout(void) { return stdout; }
static inline FILE *gallery_stdin(void) { return stdin; }

// The controlling terminal for reading and writing, close-on-exec; NULL with the
// reason in `*error` when the process has none (ENXIO) or it cannot be opened.
static inline FILE *gallery_open_controlling_terminal(int *error) {
  FILE *tty = fopen("/dev/tty", "r+e");
  *error = tty == NULL ? errno : 0;
  if (tty != NULL && !isatty(fileno(tty))) {
    fclose(tty);
    *error = ENOTTY;
    return NULL;
  }
  return tty;
}

// A non-blocking, close-on-exec pipe: fds[0] reads, fds[1] writes.
static inline int gallery_make_pipe(int fds[2]) {
  if (pipe(fds) != 0) return -1;
  for (int i = 0; i < 2; i++) {
    int flags = fcntl(fds[i], F_GETFL);
    fcntl(fds[i], F_SETFL, flags | O_NONBLOCK);
    fcntl(fds[i], F_SETFD, FD_CLOEXEC);
  }
  return 0;
}

// Writes one byte; a full pipe already means "wake up", so EAGAIN is fine.
static inline void gallery_wake(int fd) {
  char byte = 'w';
  ssize_t ignored = write(fd, &byte, 1);
  (void)ignored;
}

// Empties the pipe; returns how many bytes were read.
static inline int gallery_drain(int fd) {
  char buffer[64];
  int total = 0;
  for (;;) {
    ssize_t n = read(fd, buffer, sizeof buffer);
    if (n <= 0) break;
    total += (int)n;
  }
  return total;
}

static void gallery_end_at_exit(void) {
  if (stdscr != NULL && !isendwin()) endwin();
}

// Makes sure exit() from anywhere leaves the terminal usable.
static inline void gallery_register_end_at_exit(void) { atexit(gallery_end_at_exit); }

static inline int gallery_isatty(int fd) { return isatty(fd); }

// The controlling terminal, read and write, not inherited by children; -1 without one.
static inline int gallery_open_tty(void) { return open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC); }

// A close-on-exec copy of `fd`.
static inline int gallery_dup_cloexec(int fd) { return fcntl(fd, F_DUPFD_CLOEXEC, 0); }

// Locale and terminal facts.
static inline int gallery_locale_is_utf8(void) {
  const char *codeset = nl_langinfo(CODESET);
  return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

// Size in cells and pixels of the terminal on `fd`; pixels are 0 when unreported.
static inline int gallery_window_size(int fd, int *cols, int *rows, int *xpixel, int *ypixel) {
  struct winsize size;
  memset(&size, 0, sizeof size);
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
  *cols = size.ws_col;
  *rows = size.ws_row;
  *xpixel = size.ws_xpixel;
  *ypixel = size.ws_ypixel;
  return 0;
}

// Waits until `fd_a` or `fd_b` is readable, or `timeout_ms` passes. Returns a bit
// set (1: a, 2: b, 4: a hung up or failed), 0 on timeout, -1 when interrupted
// by a signal (SIGWINCH).
static inline int gallery_wait_readable(int fd_a, int fd_b, int timeout_ms) {
  struct pollfd fds[2];
  fds[0].fd = fd_a; fds[0].events = POLLIN; fds[0].revents = 0;
  fds[1].fd = fd_b; fds[1].events = POLLIN; fds[1].revents = 0;
  int result = poll(fds, 2, timeout_ms);
  if (result < 0) return -1;
  int bits = 0;
  if (fds[0].revents & POLLIN) bits |= 1;
  if (fds[0].revents & (POLLHUP | POLLERR | POLLNVAL)) bits |= 4;
  if (fds[1].revents & (POLLIN | POLLHUP | POLLERR)) bits |= 2;
  return bits;
}

// What the terminfo entry of terminal type `name` offers a full-screen program, asked
// before anything is written to the terminal or its modes change: 0 it can move the
// cursor anywhere (`cup`); 1 it cannot (no `cup`, as in `dumb` and `glasstty`, or a
// hardcopy entry such as `lpr`, which ncurses refuses); 2 there is no entry ncurses takes
// (none, only a generic one such as `unknown`, or no terminfo database). setupterm only
// reads the entry and the modes of `fd`; the entry is freed again and the terminal that
// was current before comes back, so newterm starts afresh.
static inline int gallery_terminal_type_check(const char *name, int fd) {
  TERMINAL *previous = cur_term;
  int found = 0;
  int status = setupterm(name, fd, &found);
  int verdict = 2;
  // A hardcopy entry fails with `found` 1 but stays loaded, so its `cup` can be asked.
  if (found == 1 && cur_term != NULL && cur_term != previous) {
    const char *cup = tigetstr("cup");
    int moves = cup != NULL && cup != (char *)-1 && tigetflag("hc") <= 0;
    verdict = !moves ? 1 : (status == OK ? 0 : 2);
    del_curterm(cur_term);
  }
  set_curterm(previous);
  return verdict;
}

// Whether the terminfo entry `name` says the terminal takes 24-bit colour: the `RGB` flag
// (ncurses' own) or `Tc` (tmux's). 1 yes, 0 no or no such entry. Writes nothing.
static inline int gallery_terminal_has_direct_color_flag(const char *name, int fd) {
  TERMINAL *previous = cur_term;
  int found = 0;
  int result = 0;
  if (setupterm(name, fd, &found) == OK && cur_term != NULL && cur_term != previous) {
    result = tigetflag("RGB") > 0 || tigetflag("Tc") > 0;
    del_curterm(cur_term);
  }
  set_curterm(previous);
  return result;
}

// Turns software flow control off on the terminal `fd` (IXON, IXOFF), so Ctrl-S and
// Ctrl-Q reach the program as keys instead of stopping and restarting the output; signal
// keys stay on (ISIG). Then saves the modes as ncurses' program mode, the one it puts back
// whenever it takes the terminal again (the refresh after endwin, the return from Ctrl-Z
// and `fg`); the shell's mode, which endwin restores, was saved by newterm before and
// keeps the shell's flow control. Returns 0, or -1 when `fd` is no terminal.
static inline int gallery_program_mode_without_flow_control(int fd) {
  struct termios modes;
  if (tcgetattr(fd, &modes) != 0) return -1;
  modes.c_iflag &= ~(tcflag_t)(IXON | IXOFF);
  if (tcsetattr(fd, TCSANOW, &modes) != 0) return -1;
  return def_prog_mode() == OK ? 0 : -1;
}

// Whether the terminal in use takes ECMA-48 cursor addressing (`CSI row;col H`,
// which implies SGR) and does not scroll when its last cell is written (no
// automatic margins, or margins with the xterm "pending wrap"). Then frames can
// be written as plain escape sequences. Asks the terminfo entry itself: its
// `cup` for row 4, column 9 must begin with ESC [ 5 ; 1 0 H (padding may follow).
static inline int gallery_terminal_speaks_ecma48(void) {
  char *cup = tigetstr("cup");
  if (cup == NULL || cup == (char *)-1) return 0;
  const char *moved = tiparm(cup, 4, 9);
  if (moved == NULL || strncmp(moved, "\033[5;10H", 7) != 0) return 0;
  if (tigetflag("am") > 0 && tigetflag("xenl") <= 0) return 0;
  return 1;
}

// Whether the terminal sets scroll regions the ECMA-48 way (`csr` for rows 4 to 9
// is ESC [ 5 ; 1 0 r), so frames may move lines with a region and IND / RI.
static inline int gallery_terminal_has_scroll_regions(void) {
  char *csr = tigetstr("csr");
  if (csr == NULL || csr == (char *)-1) return 0;
  const char *region = tiparm(csr, 4, 9);
  return region != NULL && strncmp(region, "\033[5;10r", 7) == 0;
}

// Writes all of `length` bytes to `fd`, going on after interruptions and
// partial writes. Returns 0, or -1 when the terminal refuses them (gone).
static inline int gallery_write_all(int fd, const unsigned char *bytes, size_t length) {
  size_t done = 0;
  while (done < length) {
    ssize_t n = write(fd, bytes + done, length - done);
    if (n > 0) { done += (size_t)n; continue; }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) {
      struct pollfd out = {fd, POLLOUT, 0};
      poll(&out, 1, 100);
      continue;
    }
    return -1;
  }
  return 0;
}

// Puts the terminal on `fd` into a raw mode for reading answers (no echo, no
// line editing, no signals from keys, reads return at once), saving the modes
// in `saved`. Returns 0, or -1 when `fd` is no terminal.
static inline int gallery_tty_raw(int fd, struct termios *saved) {
  if (tcgetattr(fd, saved) != 0) return -1;
  struct termios raw = *saved;
  raw.c_lflag &= ~(ICANON | ECHO | ISIG | IEXTEN);
  raw.c_iflag &= ~(IXON | ICRNL);
  raw.c_cc[VMIN] = 0;
  raw.c_cc[VTIME] = 0;
  return tcsetattr(fd, TCSANOW, &raw) == 0 ? 0 : -1;
}

// Puts back modes saved by gallery_tty_raw. TCSANOW, not TCSAFLUSH: keys typed
// meanwhile stay queued for the program.
static inline void gallery_tty_restore(int fd, const struct termios *saved) {
  tcsetattr(fd, TCSANOW, saved);
}

// Reads what `fd` has within `timeout_ms` into `buffer`: the byte count, 0 on
// timeout, -1 on an error or end of input.
static inline int gallery_read_ready(int fd, unsigned char *buffer, int size, int timeout_ms) {
  struct pollfd in = {fd, POLLIN, 0};
  int ready = poll(&in, 1, timeout_ms < 0 ? 0 : timeout_ms);
  if (ready < 0) return errno == EINTR ? 0 : -1;
  if (ready == 0) return 0;
  if (!(in.revents & POLLIN)) return -1;
  ssize_t n = read(fd, buffer, (size_t)size);
  if (n < 0) return (errno == EINTR || errno == EAGAIN) ? 0 : -1;
  return n == 0 ? -1 : (int)n;
}

// Holds back (1) or lets through (0) SIGTSTP on the calling thread. A Ctrl-Z
// that arrives while held back waits, pending, and is delivered on release.
static inline void gallery_block_stop_signal(int block) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGTSTP);
  pthread_sigmask(block ? SIG_BLOCK : SIG_UNBLOCK, &set, NULL);
}

// ---- Signal trap -----------------------------------------------------------
// Quitting signals (INT, TERM, HUP, QUIT, USR1, USR2, ALRM and every other catchable one
// whose default ends the process, `gallery_trap_is_quitting`): the first is recorded and
// wakes the input poll through the self-pipe, so the run loop restores the terminal with
// endwin (which is not async-signal-safe) and exits. A second one while the first is
// pending means the loop is stuck: restore the saved termios and the screen with
// async-signal-safe calls only, then die by the signal.
//
// Faults (SEGV, BUS, ILL, FPE, ABRT, TRAP, SYS: a Swift trap, a C library's crash), for
// the life of the process, on an alternate stack so a stack overflow is caught too:
// restore the terminal when the program holds it, write a short report to standard error
// as it was before the screen quieted it, then die by the signal with its default action
// (or hand it on to the handler installed before, Swift's backtracer, when asked).

// All state sits in one function-local static: Swift's importer emits those with the
// function, whereas file-scope static arrays and structs are dropped.
struct gallery_trap_state {
  volatile sig_atomic_t pending;
  volatile sig_atomic_t continued;
  // The terminal is the program's: a fault restores it.
  volatile sig_atomic_t held;
  int wake_fd;
  int tty_fd;
  int have_termios;
  struct termios termios;
  char reset[128];
  size_t reset_length;
  // Where a report goes (standard error as it was), and what standard error writes
  // while the screen is drawn (a memfd whose last lines the report repeats), or -1.
  volatile int report_fd;
  volatile int capture_fd;
  char advice[512];
  size_t advice_length;
  int chains;
  // SIGQUIT outside the browser ends the program quietly (`gallery_trap_quiet_quit`).
  int quiet_quit;
  struct sigaction previous[65];
};

static inline struct gallery_trap_state *gallery_trap(void) {
  static struct gallery_trap_state state = {
      .wake_fd = -1, .tty_fd = -1, .report_fd = 2, .capture_fd = -1};
  return &state;
}

// Whether `signo` is caught as a request to quit: every catchable signal whose default
// action ends the process, but the faults (`gallery_trap_is_fault`), SIGPIPE (ignored:
// a write to a closed pipe is an error the program reports) and SIGKILL/SIGSTOP.
static inline int gallery_trap_is_quitting(int signo) {
  switch (signo) {
  case SIGINT: case SIGTERM: case SIGHUP: case SIGQUIT: case SIGUSR1: case SIGUSR2:
  case SIGALRM: case SIGVTALRM: case SIGPROF: case SIGXCPU: case SIGXFSZ: case SIGIO:
#ifdef SIGPWR
  case SIGPWR:
#endif
#ifdef SIGSTKFLT
  case SIGSTKFLT:
#endif
    return 1;
  default:
    return signo >= SIGRTMIN && signo <= SIGRTMAX;
  }
}

static inline int gallery_trap_is_fault(int signo) {
  switch (signo) {
  case SIGSEGV: case SIGBUS: case SIGILL: case SIGFPE: case SIGABRT: case SIGTRAP: case SIGSYS:
    return 1;
  default:
    return 0;
  }
}

// A signal's name and what it means, in words, for the report.
static inline const char *gallery_trap_signal_words(int signo) {
  switch (signo) {
  case SIGSEGV: return "SIGSEGV (a segmentation fault: memory read or written where none is)";
  case SIGBUS: return "SIGBUS (a bus error: memory that cannot be read, such as a file cut short)";
  case SIGILL: return "SIGILL (an illegal instruction: a failed check in the program)";
  case SIGFPE: return "SIGFPE (an arithmetic error)";
  case SIGABRT: return "SIGABRT (the program aborted)";
  case SIGTRAP: return "SIGTRAP (a trap: a failed check in the program)";
  case SIGSYS: return "SIGSYS (a system call refused)";
  default: return "a fatal signal";
  }
}

static inline void gallery_trap_write(int fd, const char *text, size_t length) {
  while (length > 0) {
    ssize_t written = write(fd, text, length);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return;
    text += written;
    length -= (size_t)written;
  }
}

static inline void gallery_trap_write_text(int fd, const char *text) {
  gallery_trap_write(fd, text, strlen(text));
}

// Async-signal-safe: the shell's modes and the main screen back, the cursor shown. Once.
static inline void gallery_trap_restore_terminal(void) {
  if (!gallery_trap()->held) return;
  gallery_trap()->held = 0;
  if (gallery_trap()->have_termios)
    tcsetattr(gallery_trap()->tty_fd, TCSANOW, &gallery_trap()->termios);
  if (gallery_trap()->reset_length > 0)
    gallery_trap_write(gallery_trap()->tty_fd, gallery_trap()->reset, gallery_trap()->reset_length);
}

// Whether `code` is a character that changes what a terminal does rather than showing:
// a C1 control (U+0080-U+009F: CSI, OSC, ...) or one that turns the direction of text
// (LRM, RLM, ALM, the embeddings, overrides and isolates).
static inline int gallery_trap_is_hidden_control(unsigned code) {
  return (code >= 0x80 && code <= 0x9F) || code == 0x061C || code == 0x200E || code == 0x200F
      || (code >= 0x202A && code <= 0x202E) || (code >= 0x2066 && code <= 0x2069);
}

// Makes `length` bytes of `text` safe for a terminal, in place: every control (C0, DEL,
// C1, the direction ones) and every byte that is not part of well-formed UTF-8 (a lone
// 0x80-0x9F would be C1 to a terminal that is not in UTF-8) becomes '?'. Returns the
// new length (a control of several bytes becomes one '?'). Async-signal-safe: a scan.
static inline size_t gallery_trap_sanitize(char *text, size_t length) {
  unsigned char *bytes = (unsigned char *)text;
  size_t in = 0, out = 0;
  while (in < length) {
    unsigned char lead = bytes[in];
    size_t size = 0;
    unsigned code = 0, low = 0x80, high = 0xBF;
    if (lead < 0x80) {
      bytes[out++] = (lead < 0x20 || lead == 0x7F) ? '?' : lead;
      in++;
      continue;
    } else if (lead >= 0xC2 && lead <= 0xDF) {
      size = 2; code = lead & 0x1F;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      size = 3; code = lead & 0x0F;
      if (lead == 0xE0) low = 0xA0;
      if (lead == 0xED) high = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      size = 4; code = lead & 0x07;
      if (lead == 0xF0) low = 0x90;
      if (lead == 0xF4) high = 0x8F;
    }
    int whole = size > 0 && in + size <= length;
    for (size_t k = 1; whole && k < size; k++) {
      unsigned char next = bytes[in + k];
      if (next < (k == 1 ? low : 0x80) || next > (k == 1 ? high : 0xBF)) whole = 0;
      else code = (code << 6) | (next & 0x3F);
    }
    if (!whole || gallery_trap_is_hidden_control(code)) {
      bytes[out++] = '?';
      in += whole ? size : 1;
      continue;
    }
    for (size_t k = 0; k < size; k++) bytes[out++] = bytes[in + k];
    in += size;
  }
  return out;
}

// The runtime's own last words (Swift's "Fatal error: Index out of range", "Precondition
// failed", "Assertion failed" go to standard error, quieted while the screen is drawn):
// the last such line kept, repeated in the report. Async-signal-safe: lseek, pread and
// write only.
static inline void gallery_trap_repeat_last_words(int fd) {
  int capture = gallery_trap()->capture_fd;
  if (capture < 0) return;
  char buffer[4096];
  off_t end = lseek(capture, 0, SEEK_END);
  if (end <= 0) return;
  off_t start = end > (off_t)sizeof buffer ? end - (off_t)sizeof buffer : 0;
  ssize_t length = pread(capture, buffer, (size_t)(end - start), start);
  if (length <= 0) return;
  const char *markers[3] = {"Fatal error", "Precondition failed", "Assertion failed"};
  ssize_t found = -1;
  for (int m = 0; m < 3; m++) {
    size_t marker_length = strlen(markers[m]);
    for (ssize_t i = 0; i + (ssize_t)marker_length <= length; i++) {
      if (i > found && memcmp(buffer + i, markers[m], marker_length) == 0) found = i;
    }
  }
  if (found < 0) return;
  ssize_t first = found;
  while (first > 0 && buffer[first - 1] != '\n') first--;
  ssize_t last = found;
  while (last < length && buffer[last] != '\n') last++;
  size_t shown = gallery_trap_sanitize(buffer + first, (size_t)(last - first));
  gallery_trap_write_text(fd, "gallery: ");
  gallery_trap_write(fd, buffer + first, shown);
  gallery_trap_write_text(fd, "\n");
}

static void gallery_trap_fault_handler(int signo, siginfo_t *info, void *context) {
  (void)context;
  int saved = errno;
  gallery_trap_restore_terminal();
  int fd = gallery_trap()->report_fd;
  gallery_trap_write_text(fd, "\ngallery: stopped by ");
  gallery_trap_write_text(fd, gallery_trap_signal_words(signo));
  int sent = info != NULL && info->si_code <= 0 && info->si_pid != getpid();
  gallery_trap_write_text(fd, sent ? ", sent by another process\n" : "\n");
  gallery_trap_repeat_last_words(fd);
  // A fault another process sent is no bug of the program's: no request for a report.
  if (!sent) gallery_trap_write(fd, gallery_trap()->advice, gallery_trap()->advice_length);
  errno = saved;
  if (gallery_trap()->chains && signo < 65) {
    sigaction(signo, &gallery_trap()->previous[signo], NULL);
  } else {
    signal(signo, SIG_DFL);
  }
  // Blocked while this handler runs: delivered as it returns, with the action just set.
  // A fault would come again anyway, at the instruction that made it.
  raise(signo);
}

// SIGQUIT (Ctrl-\) while the browser does not hold the terminal (`--print`, `--diagnose`,
// the scan before the screen opens, `gallery -` reading standard input): the program
// ends as asked, by SIGQUIT (status 131), with no core dump and nothing printed, instead
// of Swift's backtracer calling it a crash.
static void gallery_trap_quiet_quit_handler(int signo) {
  prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
  signal(signo, SIG_DFL);
  // Blocked while this handler runs: delivered as it returns, with the default action.
  raise(signo);
}

static inline void gallery_trap_quiet_quit(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = gallery_trap_quiet_quit_handler;
  sigemptyset(&action.sa_mask);
  sigaction(SIGQUIT, &action, NULL);
}

// Installs the fault handlers, on an alternate stack for the calling thread (the main
// one; the threads the program starts get their own: `TerminalSignals`), for the life of
// the process, and the quiet SIGQUIT. `advice` ends the report (where to send it).
// `chains`: after the report, hand the fault on to the handler installed before (Swift's
// backtracer, when the user asked for it with SWIFT_BACKTRACE) instead of dying at once;
// SIGQUIT is then left to the backtracer too.
static inline int gallery_trap_install_faults(const char *advice, int chains) {
  size_t length = strlen(advice);
  if (length >= sizeof gallery_trap()->advice) length = sizeof gallery_trap()->advice - 1;
  memcpy(gallery_trap()->advice, advice, length);
  gallery_trap()->advice_length = length;
  gallery_trap()->chains = chains;
  size_t stack_size = 256 << 10;
  stack_t stack;
  memset(&stack, 0, sizeof stack);
  stack.ss_sp = malloc(stack_size);
  stack.ss_size = stack_size;
  if (stack.ss_sp != NULL) sigaltstack(&stack, NULL);
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = gallery_trap_fault_handler;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  for (int signo = 1; signo < 65; signo++) {
    if (!gallery_trap_is_fault(signo)) continue;
    if (sigaction(signo, &action, &gallery_trap()->previous[signo]) != 0) return -1;
  }
  if (!chains) {
    gallery_trap()->quiet_quit = 1;
    gallery_trap_quiet_quit();
  }
  return 0;
}

// Where the report goes; `capture`: the memfd standard error writes to while the screen
// is drawn (-1 none).
static inline void gallery_trap_report_to(int fd, int capture) {
  gallery_trap()->capture_fd = capture;
  gallery_trap()->report_fd = fd;
}

// Empties the capture of standard error when it holds more than 64 KiB: libraries'
// complaints about damaged files, none of which a report needs.
static inline void gallery_trap_trim_capture(void) {
  int capture = gallery_trap()->capture_fd;
  if (capture < 0) return;
  if (lseek(capture, 0, SEEK_END) > (off_t)(64 << 10)) {
    if (ftruncate(capture, 0) != 0) return;
  }
}

// An anonymous file in memory for standard error's writes (MFD_CLOEXEC), or -1.
static inline int gallery_trap_make_capture(void) {
  int fd = (int)syscall(SYS_memfd_create, "gallery-stderr", 1U);
  if (fd < 0) return -1;
  fcntl(fd, F_SETFL, O_APPEND);
  return fd;
}

static void gallery_trap_handler(int signo) {
  if (gallery_trap()->pending != 0) {
    int saved = errno;
    gallery_trap_restore_terminal();
    errno = saved;
    signal(signo, SIG_DFL);
    raise(signo);
    return;
  }
  gallery_trap()->pending = signo;
  if (gallery_trap()->wake_fd >= 0) {
    int saved = errno;
    char byte = 's';
    ssize_t ignored = write(gallery_trap()->wake_fd, &byte, 1);
    (void)ignored;
    errno = saved;
  }
}

// SIGCONT: the process was stopped (Ctrl-Z) and goes on. Whatever was on the
// screen is gone, so the run loop repaints; the handler only notes it.
static void gallery_trap_continue_handler(int signo) {
  (void)signo;
  gallery_trap()->continued = 1;
  if (gallery_trap()->wake_fd >= 0) {
    int saved = errno;
    char byte = 'c';
    ssize_t ignored = write(gallery_trap()->wake_fd, &byte, 1);
    (void)ignored;
    errno = saved;
  }
}

// Saves the terminal modes of `tty_fd` and installs the handlers. `reset` is the
// byte string written on an emergency exit (leave the alternate screen, show the
// cursor, reset attributes, stop mouse reports).
static inline int gallery_trap_install(int wake_fd, int tty_fd, const char *reset) {
  gallery_trap()->wake_fd = wake_fd;
  gallery_trap()->tty_fd = tty_fd;
  gallery_trap()->have_termios = tcgetattr(tty_fd, &gallery_trap()->termios) == 0;
  size_t length = strlen(reset);
  if (length >= sizeof gallery_trap()->reset) length = sizeof gallery_trap()->reset - 1;
  memcpy(gallery_trap()->reset, reset, length);
  gallery_trap()->reset_length = length;
  gallery_trap()->held = 1;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = gallery_trap_handler;
  sigemptyset(&action.sa_mask);
  for (int signo = 1; signo < 65; signo++) {
    if (!gallery_trap_is_quitting(signo)) continue;
    if (sigaction(signo, &action, NULL) != 0) return -1;
  }
  action.sa_handler = gallery_trap_continue_handler;
  action.sa_flags = SA_RESTART;
  if (sigaction(SIGCONT, &action, NULL) != 0) return -1;
  return 0;
}

// Whether SIGCONT arrived since the last call (and forgets it).
static inline int gallery_trap_take_continued(void) {
  int continued = gallery_trap()->continued;
  gallery_trap()->continued = 0;
  return continued;
}

static inline int gallery_trap_take(void) {
  int signo = gallery_trap()->pending;
  return signo;
}

// Puts the default action back and dies by `signo`, so the parent sees the usual exit
// status. A quit asked for dumps no core, whatever the signal's default: the program
// ended as asked, cleanly.
static inline void gallery_trap_reraise(int signo) {
  if (signo == SIGQUIT || signo == SIGXCPU || signo == SIGXFSZ) prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
  signal(signo, SIG_DFL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, signo);
  pthread_sigmask(SIG_UNBLOCK, &set, NULL);
  raise(signo);
}

// Whether the program holds the terminal: not while another program has it (an opener
// waited for), whose modes and screen a crash must leave alone.
static inline void gallery_trap_set_held(int held) { gallery_trap()->held = held; }

static inline void gallery_trap_uninstall(void) {
  gallery_trap()->held = 0;
  for (int signo = 1; signo < 65; signo++) {
    if (gallery_trap_is_quitting(signo)) signal(signo, SIG_DFL);
  }
  if (gallery_trap()->quiet_quit) gallery_trap_quiet_quit();
  signal(SIGCONT, SIG_DFL);
  gallery_trap()->wake_fd = -1;
}

#endif
