// A program that calls nothing but refers to every function the gallery calls in the
// codec libraries it opens with dlopen (CCodecLoading's list), for scripts/make-deb:
// linked against those libraries, it lets dpkg-shlibdeps name their packages, each with
// the least version that has the functions used.
#include "symbols.h"

#define GALLERY_DECLARE(name) extern void name(void);
GALLERY_CODEC_SYMBOLS(GALLERY_DECLARE)

#define GALLERY_REFER(name) (void (*)(void)) name,
void (*const gallery_codec_references[])(void) = {GALLERY_CODEC_SYMBOLS(GALLERY_REFER)};

int main(void) { return gallery_codec_references[0] == 0; }
