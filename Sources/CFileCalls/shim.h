// renameat2(2) and syncfs(2), which Swift's Glibc module leaves out: glibc declares
// their wrappers only for _GNU_SOURCE, and `syscall` is variadic, which Swift cannot
// call; and statfs(2), whose header (sys/vfs.h) the module leaves out too; and O_PATH and
// O_TMPFILE, which glibc defines only for _GNU_SOURCE as well. Part of the C library
// itself: nothing to link, no Debian package beyond libc6-dev.
#ifndef GALLERY_FILE_CALLS_SHIM_H
#define GALLERY_FILE_CALLS_SHIM_H

#include <fcntl.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <unistd.h>

/// Fails with EEXIST when the new name is taken, instead of replacing it.
#define GALLERY_RENAME_NOREPLACE 1u
/// Swaps the two names, both of which must exist.
#define GALLERY_RENAME_EXCHANGE 2u

/// `renameat2(AT_FDCWD, from, AT_FDCWD, to, flags)` through the system call, so it works
/// whatever glibc's version: 0, or -1 with errno (EINVAL when the file system does not
/// support the flags, ENOSYS on a kernel older than 3.15).
static inline int gallery_rename(const char *from, const char *to, unsigned int flags) {
  return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, flags);
}

/// `syncfs(descriptor)` through the system call (glibc declares it only for
/// _GNU_SOURCE): the file system of the open file flushed to its disk at once, one
/// journal commit for many files where an `fsync` each makes one each. 0, or -1 with
/// errno.
static inline int gallery_syncfs(int descriptor) {
  return (int)syscall(SYS_syncfs, descriptor);
}

/// A descriptor that holds whatever is at `path` (its inode stays allocated while it is
/// open) without reading it or following a link (`O_PATH | O_NOFOLLOW`): no read
/// permission needed, no FIFO blocking; -1 with errno.
static inline int gallery_hold(const char *path) {
  return open(path, __O_PATH | O_NOFOLLOW | O_CLOEXEC);
}

/// The type (`f_type`, a magic number of linux/magic.h) of the file system of the file
/// open as `descriptor`: 0, or -1 with errno.
static inline int gallery_file_system_type(int descriptor, unsigned long *type) {
  struct statfs status;
  if (fstatfs(descriptor, &status) != 0) return -1;
  *type = (unsigned long)status.f_type;
  return 0;
}

/// The type (`f_type`) of the file system of the file at `path`, links followed: 0, or -1
/// with errno. One call where opening the path for `fstatfs` would take three.
static inline int gallery_path_file_system_type(const char *path, unsigned long *type) {
  struct statfs status;
  if (statfs(path, &status) != 0) return -1;
  *type = (unsigned long)status.f_type;
  return 0;
}

/// A file with no name in the folder at `folder` (`O_TMPFILE`), open for writing, its
/// permissions `mode`: the descriptor, or -1 with errno (EOPNOTSUPP, EISDIR or EINVAL on a
/// file system or kernel without such files). glibc defines O_TMPFILE only for
/// _GNU_SOURCE.
static inline int gallery_open_unnamed(const char *folder, unsigned int mode) {
  return open(folder, __O_TMPFILE | O_DIRECTORY | O_WRONLY | O_CLOEXEC, mode);
}

#endif
