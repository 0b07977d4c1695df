/* etotune_version.c — etotune_version() of the installed library (cmake/install.cmake; declared in etotune.h). */
#ifndef ETO_VERSION
#define ETO_VERSION "unknown"
#endif

const char *etotune_version(void);
const char *etotune_version(void) { return ETO_VERSION; }
