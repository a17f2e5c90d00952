// Prints the library files the gallery opens when a file needs them (CCodecLoading's
// SONAMEs, made from the headers it is built against), one per line, for scripts/make-deb:
// the package must depend on them though the binary does not link them.
#include "CCodecLoading.h"
#include <stdio.h>

int main(void) {
  for (int codec = 0; codec < GALLERY_CODEC_COUNT; codec++) {
    const char *files = gallery_codec_library_files((gallery_codec)codec);
    for (const char *c = files; *c != '\0'; c++) putchar(*c == ' ' ? '\n' : *c);
    putchar('\n');
  }
  return 0;
}
