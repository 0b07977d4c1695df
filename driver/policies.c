/* policies.c — the registry of search policies (backend.h's interface): a new strategy is its own file(s) in
 * the module that owns it plus one line here; the driver, the engine and the task scheduler need no change. */
#include <string.h>

#include "driver.h"
#include "tuner.h"

static const eto_drv_policy registry[] = {
    {"full", "Ansor-style evolutionary search scored by the XGBoost cost model", eto_backend_policy_full, 0, 0},
    {"eto", "ETO's reuse rounds (PVLDB 2022, Algorithm 1) from the source's best program", eto_tuner_policy_eto, 0, 0},
    {"topk", "the source's K best programs applied unchanged (Selective Tuning's baseline)", eto_tuner_policy_topk,
     0, 0},
    {"seeded",
     "reuse-seeded search: the source's and neighbours' best programs and ETO's rounds as seeds, then a short "
     "model-guided search",
     eto_tuner_policy_seeded, ETO_TUNER_SEEDED_EXTRA_TRIALS, 1},
};

const eto_drv_policy *eto_drv_policy_find(const char *name) {
  for (size_t i = 0; name && i < sizeof registry / sizeof registry[0]; i++)
    if (strcmp(registry[i].name, name) == 0) return &registry[i];
  return NULL;
}

const eto_drv_policy *eto_drv_policy_at(int i) {
  return i >= 0 && (size_t)i < sizeof registry / sizeof registry[0] ? &registry[i] : NULL;
}
