/* etotune.h — every public header of the installed etotune library (#include <etotune/etotune.h>), from the
 * bottom of the dependency graph up (docs/architecture.md §1): base, the operator model, targets, schedules,
 * lowering, code generation, measurement, the cache, the search engine, the reuse tuner, the selector (plans),
 * the driver (runs plans) and export. Each header documents its calls: lifecycles (create/free pairs), who owns
 * what, and the eto_status each error returns. Link with `pkg-config --cflags --libs etotune` or CMake's
 * find_package(etotune) (target etotune::etotune). */
#ifndef ETOTUNE_H
#define ETOTUNE_H

#include "base.h"
#include "op.h"
#include "target.h"
#include "schedule.h"
#include "lower.h"
#include "codegen.h"
#include "measure.h"
#include "cache.h"
#include "backend.h"
#include "tuner.h"
#include "selector.h"
#include "driver.h"
#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The version of the library ("0.1.0"): a static string. */
const char *etotune_version(void);

#ifdef __cplusplus
}
#endif

#endif
