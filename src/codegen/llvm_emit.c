/* llvm_emit.c — loop IR -> LLVM IR (C API of LLVM 14), O3 for the host, JIT with ORC LLJIT.
 *
 * How the IR maps: block loop over [begin, end); SHARED/LOCAL/REG buffers are entry-block allocas (REG
 * tiles have constant indices once UNROLL/VECTOR loops are expanded, so SROA turns them into registers);
 * a VECTOR loop is emitted once with <W x float> values: loads whose index has stride 1 along the loop
 * become vector loads (masked loads where the guard differs between lanes), stride 2..4 a masked load of
 * the span and a shuffle, stride 0 a broadcast, anything else a per-lane gather; acc + a*b becomes
 * llvm.fmuladd (the C API cannot set contraction flags). */
#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/Error.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen.h"
#include "target.h"

#define MAX_UNROLL 8192 /* an UNROLL loop longer than this stays a loop */
#define MAX_MASKED 64   /* the most floats one masked load spans */
#define MAX_STRIDE 4    /* the largest stride along a VECTOR loop loaded as a masked span (larger: per lane) */

typedef struct {
  LLVMValueRef v;
  int vec; /* v is a <W x float> */
} fval;

typedef struct {
  const eto_kernel *k;
  LLVMContextRef ctx;
  LLVMModuleRef mod;
  LLVMBuilderRef b;
  LLVMValueRef fn;
  LLVMTypeRef i64, f32, i1, fptr, i32;
  LLVMValueRef buf[ETO_KERNEL_MAX_BUFS]; /* float* of every buffer */
  LLVMValueRef vars[ETO_KERNEL_MAX_VARS];
  /* integer CSE: unrolled copies re-evaluate the same index trees; a value computed at time t stays valid
   * while none of the vars it depends on changed after t and no control flow was entered or left */
  uint64_t clock, barrier;
  uint64_t changed[ETO_KERNEL_MAX_VARS];
  struct cse_slot *cse;
  size_t cse_cap;
  int vec_var; /* var of the VECTOR loop being emitted, -1 outside */
  int width;
  LLVMValueRef fmuladd_s, fmuladd_v, sqrt_s, sqrt_v;
  LLVMTypeRef fmuladd_s_ty, fmuladd_v_ty, sqrt_s_ty, sqrt_v_ty;
} emit;

typedef struct cse_slot {
  const eto_expr *e;
  uint64_t deps[2];
  LLVMValueRef v;
  uint64_t time;
} cse_slot;

static void set_var(emit *E, int var, LLVMValueRef v) {
  E->vars[var] = v;
  E->changed[var] = ++E->clock;
}

/* Forget every cached value: called when entering or leaving a loop or a branch. */
static void cse_fence(emit *E) { E->barrier = ++E->clock; }

static void expr_deps(const eto_expr *e, uint64_t deps[2]) {
  if (!e) return;
  if (e->op == ETO_X_VAR) deps[e->var / 64] |= 1ull << (e->var % 64);
  expr_deps(e->a, deps);
  expr_deps(e->b, deps);
  expr_deps(e->c, deps);
}

static cse_slot *cse_find(emit *E, const eto_expr *e) {
  if (!E->cse) {
    E->cse_cap = 1 << 14;
    E->cse = calloc(E->cse_cap, sizeof(cse_slot));
    if (!E->cse) return NULL;
  }
  size_t h = ((uintptr_t)e >> 4) * 0x9e3779b97f4a7c15ull;
  for (size_t i = 0; i < E->cse_cap; i++) {
    cse_slot *sl = &E->cse[(h + i) & (E->cse_cap - 1)];
    if (sl->e == e) return sl;
    if (!sl->e) {
      sl->e = e;
      expr_deps(e, sl->deps);
      return sl;
    }
  }
  return NULL; /* table full: no caching */
}

static int cse_valid(const emit *E, const cse_slot *sl) {
  if (!sl->v || sl->time <= E->barrier) return 0;
  for (int w = 0; w < 2; w++)
    for (uint64_t m = sl->deps[w]; m; m &= m - 1)
      if (E->changed[w * 64 + __builtin_ctzll(m)] >= sl->time) return 0;
  return 1;
}

static LLVMValueRef ci(emit *E, int64_t v) { return LLVMConstInt(E->i64, (unsigned long long)v, 1); }

static LLVMTypeRef vty(emit *E) { return LLVMVectorType(E->f32, (unsigned)E->width); }

static LLVMValueRef intrinsic_n(emit *E, const char *name, LLVMTypeRef *over, size_t nover, LLVMTypeRef *fty) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  *fty = LLVMIntrinsicGetType(E->ctx, id, over, nover);
  return LLVMGetIntrinsicDeclaration(E->mod, id, over, nover);
}

static LLVMValueRef intrinsic(emit *E, const char *name, LLVMTypeRef over, LLVMTypeRef *fty) {
  return intrinsic_n(E, name, &over, 1, fty);
}

/* A call of llvm.masked.load or llvm.masked.store (name) on vectors of type ty and a pointer to one. */
static LLVMValueRef call_masked(emit *E, const char *name, LLVMTypeRef ty, LLVMValueRef *args) {
  LLVMTypeRef over[2] = {ty, LLVMPointerType(ty, 0)}, fty;
  LLVMValueRef fn = intrinsic_n(E, name, over, 2, &fty);
  return LLVMBuildCall2(E->b, fty, fn, args, 4, "");
}

/* ---- integer expressions (scalar; in vector mode the vector var holds the lane being emitted) ---- */

static LLVMValueRef emit_i_raw(emit *E, const eto_expr *e);

static LLVMValueRef emit_i(emit *E, const eto_expr *e) {
  switch (e->op) {
  case ETO_X_INT: return ci(E, e->ival);
  case ETO_X_VAR: return E->vars[e->var];
  default: break;
  }
  cse_slot *sl = cse_find(E, e);
  if (sl && cse_valid(E, sl)) return sl->v;
  LLVMValueRef v = emit_i_raw(E, e);
  if (sl) {
    sl->v = v;
    sl->time = ++E->clock;
  }
  return v;
}

/* One integer operation on i64 or <W x i64> operands (the same code serves a lane's scalar and a vector of lanes). */
static LLVMValueRef int_op(emit *E, eto_xop op, LLVMValueRef x, LLVMValueRef y) {
  LLVMBuilderRef b = E->b;
  LLVMTypeRef t = LLVMTypeOf(x);
  LLVMValueRef zero = LLVMConstNull(t);
  switch (op) {
  case ETO_X_ADD: return LLVMBuildAdd(b, x, y, "");
  case ETO_X_SUB: return LLVMBuildSub(b, x, y, "");
  case ETO_X_MUL: return LLVMBuildMul(b, x, y, "");
  case ETO_X_DIV: { /* floor division; the divisor is a positive constant in every lowering */
    LLVMValueRef q = LLVMBuildSDiv(b, x, y, ""), r = LLVMBuildSRem(b, x, y, "");
    LLVMValueRef neg = LLVMBuildICmp(b, LLVMIntSLT, r, zero, "");
    return LLVMBuildSub(b, q, LLVMBuildZExt(b, neg, t, ""), "");
  }
  case ETO_X_MOD: {
    LLVMValueRef r = LLVMBuildSRem(b, x, y, "");
    LLVMValueRef neg = LLVMBuildICmp(b, LLVMIntSLT, r, zero, "");
    return LLVMBuildAdd(b, r, LLVMBuildSelect(b, neg, y, zero, ""), "");
  }
  case ETO_X_MIN: return LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntSLT, x, y, ""), x, y, "");
  case ETO_X_MAX: return LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntSGT, x, y, ""), x, y, "");
  case ETO_X_LT: return LLVMBuildZExt(b, LLVMBuildICmp(b, LLVMIntSLT, x, y, ""), t, "");
  case ETO_X_LE: return LLVMBuildZExt(b, LLVMBuildICmp(b, LLVMIntSLE, x, y, ""), t, "");
  case ETO_X_EQ: return LLVMBuildZExt(b, LLVMBuildICmp(b, LLVMIntEQ, x, y, ""), t, "");
  case ETO_X_AND: return LLVMBuildAnd(b, x, y, "");
  default: return zero;
  }
}

static LLVMValueRef emit_i_raw(emit *E, const eto_expr *e) {
  LLVMValueRef x = emit_i(E, e->a), y = emit_i(E, e->b);
  return int_op(E, e->op, x, y);
}

static int uniform(emit *E, const eto_expr *e) {
  int64_t s;
  return E->vec_var < 0 || !e || (eto_expr_stride(e, E->vec_var, &s) && s == 0);
}

static LLVMValueRef gep(emit *E, int buf, LLVMValueRef idx) {
  return LLVMBuildGEP2(E->b, E->f32, E->buf[buf], &idx, 1, "");
}

/* Scalar load with an optional guard: never touches memory when the guard is false. */
static LLVMValueRef load_scalar(emit *E, const eto_expr *e) {
  LLVMValueRef idx = emit_i(E, e->a);
  if (!e->c) {
    LLVMValueRef l = LLVMBuildLoad2(E->b, E->f32, gep(E, e->buf, idx), "");
    LLVMSetAlignment(l, 4);
    return l;
  }
  LLVMValueRef ok = LLVMBuildICmp(E->b, LLVMIntNE, emit_i(E, e->c), ci(E, 0), "");
  LLVMValueRef safe = LLVMBuildSelect(E->b, ok, idx, ci(E, 0), "");
  LLVMValueRef l = LLVMBuildLoad2(E->b, E->f32, gep(E, e->buf, safe), "");
  LLVMSetAlignment(l, 4);
  return LLVMBuildSelect(E->b, ok, l, LLVMConstReal(E->f32, 0.0), "");
}

/* <W x T> with every lane s (T: s's type, float or i64). */
static LLVMValueRef splat(emit *E, LLVMValueRef s) {
  LLVMValueRef u = LLVMGetUndef(LLVMVectorType(LLVMTypeOf(s), (unsigned)E->width));
  LLVMValueRef v = LLVMBuildInsertElement(E->b, u, s, LLVMConstInt(E->i32, 0, 0), "");
  return LLVMBuildShuffleVector(E->b, v, u, LLVMConstNull(LLVMVectorType(E->i32, (unsigned)E->width)), "");
}

static LLVMValueRef as_vec(emit *E, fval x) { return x.vec ? x.v : splat(E, x.v); }

static fval emit_f(emit *E, const eto_expr *e);

/* An integer expression for all the lanes of the VECTOR loop at once, as <W x i64>: the loop's var is
 * <0, 1, ..., W-1> (its lane), a subexpression that does not depend on the lane is emitted once and splat. */
static LLVMValueRef emit_iv(emit *E, const eto_expr *e) {
  int64_t st;
  unsigned w = (unsigned)E->width;
  if (eto_expr_stride(e, E->vec_var, &st) && st == 0) return splat(E, emit_i(E, e));
  if (e->op == ETO_X_VAR) {
    LLVMValueRef lanes[MAX_MASKED];
    for (unsigned l = 0; l < w; l++) lanes[l] = ci(E, l);
    return LLVMConstVector(lanes, w);
  }
  return int_op(E, e->op, emit_iv(E, e->a), emit_iv(E, e->b));
}

/* A load of stride k (1..MAX_STRIDE) along the VECTOR loop as one llvm.masked.load of the k*W floats it spans,
 * then, for k > 1, a shuffle that keeps every k-th. The mask is the guard of every lane (computed as a vector),
 * and for k > 1 only every k-th float of the span: the floats the mask turns off are never read, so the span may
 * start or end outside the buffer. It serves a contiguous load whose guard differs between lanes (a tile copy's
 * row that crosses a padded border or a dynamic extent) and a strided one (a convolution's input at stride 2).
 * Loading lane by lane instead costs a scalar load per lane, or a gather, which LLVM 19 makes of it. */
static LLVMValueRef masked_load(emit *E, const eto_expr *e, int64_t k) {
  int v = E->vec_var;
  unsigned w = (unsigned)E->width, span = w * (unsigned)k;
  LLVMValueRef saved = E->vars[v];
  set_var(E, v, ci(E, 0));
  LLVMTypeRef mty = LLVMVectorType(E->i1, w);
  LLVMValueRef mask = e->c ? LLVMBuildICmp(E->b, LLVMIntNE, emit_iv(E, e->c), LLVMConstNull(LLVMVectorType(E->i64, w)), "")
                           : LLVMConstAllOnes(mty);
  LLVMValueRef p = gep(E, e->buf, emit_i(E, e->a));
  set_var(E, v, saved);
  LLVMTypeRef sty = LLVMVectorType(E->f32, span);
  if (k > 1) { /* the guard of lane j / k on float j of the span, where j % k == 0 */
    LLVMValueRef pick[MAX_MASKED], every[MAX_MASKED];
    for (unsigned j = 0; j < span; j++) {
      pick[j] = LLVMConstInt(E->i32, j / (unsigned)k, 0);
      every[j] = LLVMConstInt(E->i1, j % (unsigned)k == 0, 0);
    }
    mask = LLVMBuildShuffleVector(E->b, mask, LLVMGetUndef(mty), LLVMConstVector(pick, span), "");
    mask = LLVMBuildAnd(E->b, mask, LLVMConstVector(every, span), "");
  }
  p = LLVMBuildBitCast(E->b, p, LLVMPointerType(sty, 0), "");
  LLVMValueRef args[4] = {p, LLVMConstInt(E->i32, 4, 0), mask, LLVMConstNull(sty)};
  LLVMValueRef l = call_masked(E, "llvm.masked.load", sty, args);
  if (k == 1) return l;
  LLVMValueRef lanes[MAX_MASKED];
  for (unsigned j = 0; j < w; j++) lanes[j] = LLVMConstInt(E->i32, j * (unsigned)k, 0);
  return LLVMBuildShuffleVector(E->b, l, LLVMGetUndef(sty), LLVMConstVector(lanes, w), "");
}

static fval emit_load(emit *E, const eto_expr *e) {
  int64_t s;
  int v = E->vec_var;
  if (v < 0) return (fval){load_scalar(E, e), 0};
  int known = eto_expr_stride(e->a, v, &s);
  if (known && s == 0 && uniform(E, e->c)) return (fval){load_scalar(E, e), 0};
  LLVMValueRef saved = E->vars[v];
  if (known && s == 1 && uniform(E, e->c)) {
    set_var(E, v, ci(E, 0));
    LLVMValueRef idx = emit_i(E, e->a);
    LLVMValueRef ok = e->c ? LLVMBuildICmp(E->b, LLVMIntNE, emit_i(E, e->c), ci(E, 0), "") : NULL;
    if (ok) idx = LLVMBuildSelect(E->b, ok, idx, ci(E, 0), "");
    LLVMValueRef p = LLVMBuildBitCast(E->b, gep(E, e->buf, idx), LLVMPointerType(vty(E), 0), "");
    LLVMValueRef l = LLVMBuildLoad2(E->b, vty(E), p, "");
    LLVMSetAlignment(l, 4);
    if (ok) l = LLVMBuildSelect(E->b, ok, l, LLVMConstNull(vty(E)), "");
    set_var(E, v, saved);
    return (fval){l, 1};
  }
  if (known && s >= 1 && s <= MAX_STRIDE && E->width * s <= MAX_MASKED) return (fval){masked_load(E, e, s), 1};
  LLVMValueRef r = LLVMGetUndef(vty(E));
  for (int l = 0; l < E->width; l++) {
    set_var(E, v, ci(E, l));
    r = LLVMBuildInsertElement(E->b, r, load_scalar(E, e), LLVMConstInt(E->i32, (unsigned)l, 0), "");
  }
  set_var(E, v, saved);
  return (fval){r, 1};
}

static fval emit_f(emit *E, const eto_expr *e) {
  LLVMBuilderRef b = E->b;
  switch (e->op) {
  case ETO_X_FLOAT: return (fval){LLVMConstReal(E->f32, e->fval), 0};
  case ETO_X_LOAD: return emit_load(E, e);
  case ETO_X_FSQRT: {
    fval x = emit_f(E, e->a);
    LLVMValueRef arg = x.v;
    return x.vec ? (fval){LLVMBuildCall2(b, E->sqrt_v_ty, E->sqrt_v, &arg, 1, ""), 1}
                 : (fval){LLVMBuildCall2(b, E->sqrt_s_ty, E->sqrt_s, &arg, 1, ""), 0};
  }
  case ETO_X_FADD:
    if (e->b->op == ETO_X_FMUL) { /* acc + x*y -> fmuladd(x, y, acc) */
      fval acc = emit_f(E, e->a), x = emit_f(E, e->b->a), y = emit_f(E, e->b->b);
      if (acc.vec || x.vec || y.vec) {
        LLVMValueRef args[3] = {as_vec(E, x), as_vec(E, y), as_vec(E, acc)};
        return (fval){LLVMBuildCall2(b, E->fmuladd_v_ty, E->fmuladd_v, args, 3, ""), 1};
      }
      LLVMValueRef args[3] = {x.v, y.v, acc.v};
      return (fval){LLVMBuildCall2(b, E->fmuladd_s_ty, E->fmuladd_s, args, 3, ""), 0};
    }
    /* fall through */
  default: {
    fval x = emit_f(E, e->a), y = emit_f(E, e->b);
    int vec = x.vec || y.vec;
    LLVMValueRef l = vec ? as_vec(E, x) : x.v, r = vec ? as_vec(E, y) : y.v;
    switch (e->op) {
    case ETO_X_FADD: return (fval){LLVMBuildFAdd(b, l, r, ""), vec};
    case ETO_X_FMUL: return (fval){LLVMBuildFMul(b, l, r, ""), vec};
    case ETO_X_FMAX: return (fval){LLVMBuildSelect(b, LLVMBuildFCmp(b, LLVMRealOGT, l, r, ""), l, r, ""), vec};
    default: return (fval){LLVMConstReal(E->f32, 0.0), 0};
    }
  }
  }
}

/* ---- statements ---- */

static void emit_stmt(emit *E, const eto_stmt *s);

static void emit_store(emit *E, const eto_stmt *s) {
  fval val = emit_f(E, s->value);
  int v = E->vec_var;
  int64_t st;
  if (v >= 0 && val.vec && eto_expr_stride(s->index, v, &st) && st == 1) {
    LLVMValueRef saved = E->vars[v];
    set_var(E, v, ci(E, 0));
    LLVMValueRef p = LLVMBuildBitCast(E->b, gep(E, s->buf, emit_i(E, s->index)), LLVMPointerType(vty(E), 0), "");
    set_var(E, v, saved);
    LLVMSetAlignment(LLVMBuildStore(E->b, val.v, p), 4);
    return;
  }
  if (v >= 0 && (val.vec || !uniform(E, s->index))) { /* per-lane scatter, lanes in loop order */
    LLVMValueRef saved = E->vars[v];
    for (int l = 0; l < E->width; l++) {
      set_var(E, v, ci(E, l));
      LLVMValueRef x = val.vec ? LLVMBuildExtractElement(E->b, val.v, LLVMConstInt(E->i32, (unsigned)l, 0), "") : val.v;
      LLVMSetAlignment(LLVMBuildStore(E->b, x, gep(E, s->buf, emit_i(E, s->index))), 4);
    }
    set_var(E, v, saved);
    return;
  }
  LLVMSetAlignment(LLVMBuildStore(E->b, val.v, gep(E, s->buf, emit_i(E, s->index))), 4);
}

/* A store whose guard differs between lanes, to consecutive floats (stride 1 along the VECTOR loop), as one
 * llvm.masked.store: the mask is the guard of every lane, computed as a vector; the floats it turns off are not
 * written, so the run may end past the buffer. (A register tile's store across a dynamic extent: stored lane by
 * lane, it is a branch per float, and LLVM's SLP vectorizer turns 256 of them into code that spills.) */
static void masked_store(emit *E, const eto_expr *cond, const eto_stmt *s) {
  int v = E->vec_var;
  unsigned w = (unsigned)E->width;
  LLVMValueRef val = as_vec(E, emit_f(E, s->value));
  LLVMValueRef saved = E->vars[v];
  set_var(E, v, ci(E, 0));
  LLVMValueRef mask = LLVMBuildICmp(E->b, LLVMIntNE, emit_iv(E, cond), LLVMConstNull(LLVMVectorType(E->i64, w)), "");
  LLVMValueRef p = LLVMBuildBitCast(E->b, gep(E, s->buf, emit_i(E, s->index)), LLVMPointerType(vty(E), 0), "");
  set_var(E, v, saved);
  LLVMValueRef args[4] = {val, p, LLVMConstInt(E->i32, 4, 0), mask};
  call_masked(E, "llvm.masked.store", vty(E), args);
}

/* Every load of e reads the kernel's own buffers (tiles, accumulators) or is guarded: e can be computed for
 * every lane, including those a guard turns off. */
static int safe_all_lanes(const emit *E, const eto_expr *e) {
  if (!e) return 1;
  if (e->op == ETO_X_LOAD && !e->c && E->k->buf[e->buf].scope != ETO_BUF_SHARED &&
      E->k->buf[e->buf].scope != ETO_BUF_LOCAL && E->k->buf[e->buf].scope != ETO_BUF_REG)
    return 0;
  return safe_all_lanes(E, e->a) && safe_all_lanes(E, e->b);
}

/* A guard that differs between lanes around one store of stride 1: a masked store. */
static int masked_store_if(const emit *E, const eto_stmt *s, int var, int width) {
  int64_t st;
  return s->kind == ETO_S_IF && s->body->kind == ETO_S_STORE && width <= MAX_MASKED &&
         eto_expr_stride(s->body->index, var, &st) && st == 1 && !(eto_expr_stride(s->cond, var, &st) && st == 0) &&
         safe_all_lanes(E, s->body->value);
}

/* A VECTOR loop body can be emitted once with vector values when it holds only stores (no inner loops; a guard
 * that depends on the lane only around a store of stride 1). */
static int vectorizable(emit *E, const eto_stmt *s, int var, int width) {
  int64_t st;
  switch (s->kind) {
  case ETO_S_STORE: return 1;
  case ETO_S_SEQ:
    for (int i = 0; i < s->n; i++)
      if (!vectorizable(E, s->items[i], var, width)) return 0;
    return 1;
  case ETO_S_IF:
    return (eto_expr_stride(s->cond, var, &st) && st == 0 && vectorizable(E, s->body, var, width)) ||
           masked_store_if(E, s, var, width);
  default: return 0;
  }
}

static void emit_loop(emit *E, const eto_stmt *s) {
  LLVMBasicBlockRef pre = LLVMGetInsertBlock(E->b);
  LLVMBasicBlockRef head = LLVMAppendBasicBlockInContext(E->ctx, E->fn, "loop");
  LLVMBasicBlockRef exit = LLVMAppendBasicBlockInContext(E->ctx, E->fn, "endloop");
  LLVMBuildBr(E->b, head);
  LLVMPositionBuilderAtEnd(E->b, head);
  cse_fence(E);
  LLVMValueRef phi = LLVMBuildPhi(E->b, E->i64, E->k->var_name[s->var]);
  LLVMValueRef saved = E->vars[s->var];
  set_var(E, s->var, phi);
  emit_stmt(E, s->body);
  set_var(E, s->var, saved);
  LLVMValueRef next = LLVMBuildAdd(E->b, phi, ci(E, 1), "");
  LLVMBasicBlockRef latch = LLVMGetInsertBlock(E->b);
  LLVMBuildCondBr(E->b, LLVMBuildICmp(E->b, LLVMIntSLT, next, ci(E, s->extent), ""), head, exit);
  LLVMValueRef in_v[2] = {ci(E, 0), next};
  LLVMBasicBlockRef in_b[2] = {pre, latch};
  LLVMAddIncoming(phi, in_v, in_b, 2);
  LLVMPositionBuilderAtEnd(E->b, exit);
  cse_fence(E);
}

static void emit_stmt(emit *E, const eto_stmt *s) {
  switch (s->kind) {
  case ETO_S_SEQ:
    for (int i = 0; i < s->n; i++) emit_stmt(E, s->items[i]);
    return;
  case ETO_S_STORE: emit_store(E, s); return;
  case ETO_S_BARRIER: return; /* threads are loops on the CPU: phases are already ordered */
  case ETO_S_PREFETCH: {
    LLVMTypeRef ptr = LLVMPointerType(E->f32, 0), fty;
    LLVMValueRef fn = intrinsic(E, "llvm.prefetch", ptr, &fty);
    LLVMValueRef args[4] = {gep(E, s->buf, emit_i(E, s->index)), LLVMConstInt(E->i32, 0, 0), LLVMConstInt(E->i32, 3, 0),
                            LLVMConstInt(E->i32, 1, 0)};
    LLVMBuildCall2(E->b, fty, fn, args, 4, "");
    return;
  }
  case ETO_S_IF: {
    if (E->vec_var >= 0 && masked_store_if(E, s, E->vec_var, E->width)) {
      masked_store(E, s->cond, s->body);
      return;
    }
    LLVMValueRef c = LLVMBuildICmp(E->b, LLVMIntNE, emit_i(E, s->cond), ci(E, 0), "");
    LLVMBasicBlockRef then = LLVMAppendBasicBlockInContext(E->ctx, E->fn, "then");
    LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(E->ctx, E->fn, "endif");
    LLVMBuildCondBr(E->b, c, then, done);
    LLVMPositionBuilderAtEnd(E->b, then);
    cse_fence(E);
    emit_stmt(E, s->body);
    LLVMBuildBr(E->b, done);
    LLVMPositionBuilderAtEnd(E->b, done);
    cse_fence(E);
    return;
  }
  case ETO_S_FOR: {
    if (s->loop == ETO_LOOP_VECTOR && E->vec_var < 0 && s->extent > 1 && vectorizable(E, s->body, s->var, (int)s->extent)) {
      E->vec_var = s->var;
      E->width = (int)s->extent;
      set_var(E, s->var, ci(E, 0));
      E->fmuladd_v = intrinsic(E, "llvm.fmuladd", vty(E), &E->fmuladd_v_ty);
      E->sqrt_v = intrinsic(E, "llvm.sqrt", vty(E), &E->sqrt_v_ty);
      emit_stmt(E, s->body);
      E->vec_var = -1;
      return;
    }
    if ((s->loop == ETO_LOOP_UNROLL || s->loop == ETO_LOOP_VECTOR) && s->extent <= MAX_UNROLL) {
      LLVMValueRef saved = E->vars[s->var];
      for (int64_t i = 0; i < s->extent; i++) {
        set_var(E, s->var, ci(E, i));
        emit_stmt(E, s->body);
      }
      set_var(E, s->var, saved);
      return;
    }
    emit_loop(E, s);
    return;
  }
  }
}

/* ---- module construction, optimization, JIT ---- */

static int llvm_ready;

static void llvm_init(void) {
  if (llvm_ready) return;
  LLVMInitializeNativeTarget();
  LLVMInitializeNativeAsmPrinter();
  llvm_ready = 1;
}

static LLVMTargetMachineRef host_tm_reloc(LLVMRelocMode reloc, LLVMCodeModel model) {
  char *triple = LLVMGetDefaultTargetTriple();
  char *cpu = LLVMGetHostCPUName();
  LLVMTargetRef target;
  char *err = NULL;
  LLVMTargetMachineRef tm = NULL;
  if (LLVMGetTargetFromTriple(triple, &target, &err) == 0)
    tm = LLVMCreateTargetMachine(target, triple, cpu, eto_target_cpu_features(), LLVMCodeGenLevelAggressive, reloc,
                                 model);
  LLVMDisposeMessage(err);
  LLVMDisposeMessage(triple);
  LLVMDisposeMessage(cpu);
  return tm;
}

static LLVMTargetMachineRef host_tm(void) { return host_tm_reloc(LLVMRelocDefault, LLVMCodeModelJITDefault); }

/* An empty module for tm's triple and data layout. */
static LLVMModuleRef new_module(LLVMContextRef ctx, const char *name, LLVMTargetMachineRef tm) {
  LLVMModuleRef mod = LLVMModuleCreateWithNameInContext(name, ctx);
  char *triple = LLVMGetTargetMachineTriple(tm);
  LLVMSetTarget(mod, triple);
  LLVMDisposeMessage(triple);
  LLVMTargetDataRef dl = LLVMCreateTargetDataLayout(tm);
  LLVMSetModuleDataLayout(mod, dl);
  LLVMDisposeTargetData(dl);
  return mod;
}

/* Adds the function fname of kernel k to mod. */
static void add_kernel(LLVMContextRef ctx, LLVMModuleRef mod, const eto_kernel *k, const char *fname) {
  emit E = {.k = k, .ctx = ctx, .vec_var = -1, .mod = mod};
  E.i64 = LLVMInt64TypeInContext(ctx);
  E.i32 = LLVMInt32TypeInContext(ctx);
  E.i1 = LLVMInt1TypeInContext(ctx);
  E.f32 = LLVMFloatTypeInContext(ctx);
  E.fptr = LLVMPointerType(E.f32, 0);
  LLVMTypeRef params[3] = {LLVMPointerType(E.fptr, 0), E.i64, E.i64};
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(ctx), params, 3, 0);
  E.fn = LLVMAddFunction(E.mod, fname, fty);
  /* LLVM tunes AVX-512 parts to prefer 256-bit vectors; register tiles are sized for the full width */
  char width[16];
  snprintf(width, sizeof width, "%d", strstr(eto_target_cpu_features(), "+avx512f") ? 512 : 256);
  LLVMAddAttributeAtIndex(E.fn, LLVMAttributeFunctionIndex, LLVMCreateStringAttribute(ctx, "prefer-vector-width", 19, width, (unsigned)strlen(width)));
  LLVMAddAttributeAtIndex(E.fn, LLVMAttributeFunctionIndex, LLVMCreateStringAttribute(ctx, "min-legal-vector-width", 22, width, (unsigned)strlen(width)));
  E.b = LLVMCreateBuilderInContext(ctx);
  LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(ctx, E.fn, "entry");
  LLVMPositionBuilderAtEnd(E.b, entry);
  E.width = 1;
  E.fmuladd_s = intrinsic(&E, "llvm.fmuladd", E.f32, &E.fmuladd_s_ty);
  E.sqrt_s = intrinsic(&E, "llvm.sqrt", E.f32, &E.sqrt_s_ty);

  LLVMValueRef args = LLVMGetParam(E.fn, 0);
  for (int bi = 0; bi < k->nbufs; bi++) {
    const eto_buffer *bf = &k->buf[bi];
    if (bf->scope <= ETO_BUF_OUTPUT) {
      LLVMValueRef idx = ci(&E, bf->arg);
      LLVMValueRef p = LLVMBuildGEP2(E.b, E.fptr, args, &idx, 1, "");
      E.buf[bi] = LLVMBuildLoad2(E.b, E.fptr, p, bf->name);
    } else {
      LLVMValueRef a = LLVMBuildAlloca(E.b, LLVMArrayType(E.f32, (unsigned)(bf->size > 0 ? bf->size : 1)), bf->name);
      LLVMSetAlignment(a, 64);
      LLVMValueRef z[2] = {ci(&E, 0), ci(&E, 0)};
      E.buf[bi] = LLVMBuildGEP2(E.b, LLVMArrayType(E.f32, (unsigned)(bf->size > 0 ? bf->size : 1)), a, z, 2, "");
    }
  }
  LLVMValueRef sval = NULL; /* a dynamic kernel's extent: *(const int64_t *)args[nargs] */
  if (k->svar >= 0) {
    LLVMValueRef idx = ci(&E, k->nargs);
    LLVMValueRef p = LLVMBuildLoad2(E.b, E.fptr, LLVMBuildGEP2(E.b, E.fptr, args, &idx, 1, ""), "");
    sval = LLVMBuildLoad2(E.b, E.i64, p, "S");
  }
  /* for (blk = begin; blk < end; blk++) body */
  LLVMValueRef begin = LLVMGetParam(E.fn, 1), end = LLVMGetParam(E.fn, 2);
  LLVMBasicBlockRef head = LLVMAppendBasicBlockInContext(ctx, E.fn, "block");
  LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(ctx, E.fn, "block.body");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(ctx, E.fn, "done");
  LLVMBuildBr(E.b, head);
  LLVMPositionBuilderAtEnd(E.b, head);
  LLVMValueRef blk = LLVMBuildPhi(E.b, E.i64, "blk");
  LLVMBuildCondBr(E.b, LLVMBuildICmp(E.b, LLVMIntSLT, blk, end, ""), body, done);
  LLVMPositionBuilderAtEnd(E.b, body);
  for (int v = 0; v < k->nvars; v++) set_var(&E, v, ci(&E, 0)); /* vars of omitted extent-1 loops */
  set_var(&E, 0, blk);
  if (sval) set_var(&E, k->svar, sval);
  emit_stmt(&E, k->body);
  LLVMValueRef next = LLVMBuildAdd(E.b, blk, ci(&E, 1), "");
  LLVMBasicBlockRef latch = LLVMGetInsertBlock(E.b);
  LLVMBuildBr(E.b, head);
  LLVMValueRef in_v[2] = {begin, next};
  LLVMBasicBlockRef in_b[2] = {entry, latch};
  LLVMAddIncoming(blk, in_v, in_b, 2);
  LLVMPositionBuilderAtEnd(E.b, done);
  LLVMBuildRetVoid(E.b);
  LLVMDisposeBuilder(E.b);
  free(E.cse);
}

/* Checks mod with LLVM's verifier; on failure disposes of it and returns NULL with a message. */
static LLVMModuleRef verified(LLVMModuleRef mod, char *msg, int cap) {
  char *err = NULL;
  if (LLVMVerifyModule(mod, LLVMReturnStatusAction, &err)) {
    snprintf(msg, cap, "LLVM verifier: %.400s", err ? err : "?");
    LLVMDisposeMessage(err);
    LLVMDisposeModule(mod);
    return NULL;
  }
  LLVMDisposeMessage(err);
  return mod;
}

/* Builds the module of k in ctx. Returns NULL with a message when verification fails. */
static LLVMModuleRef build_module(LLVMContextRef ctx, const eto_kernel *k, const char *fname, LLVMTargetMachineRef tm,
                                  char *msg, int cap) {
  LLVMModuleRef mod = new_module(ctx, k->name, tm);
  add_kernel(ctx, mod, k, fname);
  return verified(mod, msg, cap);
}

static eto_status optimize(LLVMModuleRef mod, LLVMTargetMachineRef tm, char *msg, int cap) {
  LLVMPassBuilderOptionsRef o = LLVMCreatePassBuilderOptions();
  /* the program decides what is unrolled and vectorized (UNROLL/VECTOR loops), so the loop vectorizer and
   * unroller are asked to stay off. LLVM 19's default<O3> runs both passes all the same (-print-changed names
   * LoopVectorizePass and LoopUnrollPass as changing the IR with these options; only the command-line option
   * -vectorize-loops=false stops the vectorizer), and the searches' best programs rely on it: without it the
   * best quarter of random norm programs ran 6x slower and of depthwise convs 17% slower, for 8% less compile
   * time (bench/RESULTS.md J.4). The SLP vectorizer runs all the same too (opt-bisect names SLPVectorizerPass),
   * and the best programs rely on it (made ineffective with -slp-threshold, a depthwise conv's best lost 17%, a
   * conv's 3%); in rare large straight-line blocks it produces wrong code (bench/RESULTS.md F.3), which the
   * check run catches */
  LLVMPassBuilderOptionsSetLoopVectorization(o, 0);
  LLVMPassBuilderOptionsSetSLPVectorization(o, 0);
  LLVMPassBuilderOptionsSetLoopUnrolling(o, 0);
  LLVMErrorRef e = LLVMRunPasses(mod, "default<O3>", tm, o);
  LLVMDisposePassBuilderOptions(o);
  if (e) {
    char *m = LLVMGetErrorMessage(e);
    snprintf(msg, cap, "LLVM optimizer: %s", m);
    LLVMDisposeErrorMessage(m);
    return ETO_ERR_INVALID;
  }
  return ETO_OK;
}

struct eto_jit {
  LLVMOrcLLJITRef jit;
  LLVMOrcThreadSafeContextRef tsc;
  LLVMTargetMachineRef tm;
  int64_t serial;
};

struct eto_compiled {
  LLVMOrcResourceTrackerRef rt;
  eto_kernel_fn fn;
};

static void error_text(LLVMErrorRef e, const char *what, char *msg, int cap) {
  char *m = LLVMGetErrorMessage(e);
  snprintf(msg, cap, "%s: %s", what, m);
  LLVMDisposeErrorMessage(m);
}

eto_status eto_jit_create(eto_jit **out, char *msg, int cap) {
  *out = NULL;
  llvm_init();
  eto_jit *j = calloc(1, sizeof *j);
  if (!j) return ETO_ERR_NOMEM;
  j->tm = host_tm();
  if (!j->tm) {
    snprintf(msg, cap, "LLVM: no target machine for the host");
    free(j);
    return ETO_ERR_UNSUPPORTED;
  }
  LLVMOrcJITTargetMachineBuilderRef jtmb;
  LLVMErrorRef e = LLVMOrcJITTargetMachineBuilderDetectHost(&jtmb);
  if (e) {
    error_text(e, "LLVM JIT host detection", msg, cap);
    LLVMDisposeTargetMachine(j->tm);
    free(j);
    return ETO_ERR_UNSUPPORTED;
  }
  LLVMOrcLLJITBuilderRef builder = LLVMOrcCreateLLJITBuilder();
  LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(builder, jtmb);
  e = LLVMOrcCreateLLJIT(&j->jit, builder);
  if (e) {
    error_text(e, "LLVM JIT creation", msg, cap);
    LLVMDisposeTargetMachine(j->tm);
    free(j);
    return ETO_ERR_UNSUPPORTED;
  }
  j->tsc = LLVMOrcCreateNewThreadSafeContext();
  /* kernels may call memset/memcpy (emitted by LLVM for tile copies): resolve them in this process */
  LLVMOrcDefinitionGeneratorRef gen = NULL;
  e = LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(&gen, LLVMOrcLLJITGetGlobalPrefix(j->jit), NULL, NULL);
  if (e) {
    error_text(e, "LLVM JIT process symbols", msg, cap);
    eto_jit_free(j);
    return ETO_ERR_UNSUPPORTED;
  }
  LLVMOrcJITDylibAddGenerator(LLVMOrcLLJITGetMainJITDylib(j->jit), gen);
  *out = j;
  return ETO_OK;
}

void eto_jit_free(eto_jit *j) {
  if (!j) return;
  LLVMOrcDisposeLLJIT(j->jit);
  LLVMOrcDisposeThreadSafeContext(j->tsc);
  LLVMDisposeTargetMachine(j->tm);
  free(j);
}

eto_status eto_jit_compile(eto_jit *j, const eto_kernel *k, eto_compiled **out, char *msg, int cap) {
  *out = NULL;
  char fname[64];
  snprintf(fname, sizeof fname, "%s_%lld", k->name, (long long)j->serial++);
  LLVMContextRef ctx = LLVMOrcThreadSafeContextGetContext(j->tsc);
  LLVMModuleRef mod = build_module(ctx, k, fname, j->tm, msg, cap);
  if (!mod) return ETO_ERR_INVALID;
  eto_status st = optimize(mod, j->tm, msg, cap);
  if (st != ETO_OK) {
    LLVMDisposeModule(mod);
    return st;
  }
  eto_compiled *c = calloc(1, sizeof *c);
  if (!c) {
    LLVMDisposeModule(mod);
    return ETO_ERR_NOMEM;
  }
  LLVMOrcJITDylibRef jd = LLVMOrcLLJITGetMainJITDylib(j->jit);
  c->rt = LLVMOrcJITDylibCreateResourceTracker(jd);
  LLVMOrcThreadSafeModuleRef tsm = LLVMOrcCreateNewThreadSafeModule(mod, j->tsc);
  LLVMErrorRef e = LLVMOrcLLJITAddLLVMIRModuleWithRT(j->jit, c->rt, tsm);
  if (e) {
    error_text(e, "LLVM JIT add module", msg, cap);
    LLVMOrcDisposeThreadSafeModule(tsm);
    LLVMOrcReleaseResourceTracker(c->rt);
    free(c);
    return ETO_ERR_INVALID;
  }
  LLVMOrcExecutorAddress addr = 0;
  e = LLVMOrcLLJITLookup(j->jit, &addr, fname);
  if (e || !addr) {
    if (e) error_text(e, "LLVM JIT lookup", msg, cap);
    else snprintf(msg, cap, "LLVM JIT lookup: %s not found", fname);
    eto_compiled_free(c);
    return ETO_ERR_INVALID;
  }
  c->fn = (eto_kernel_fn)(uintptr_t)addr;
  *out = c;
  return ETO_OK;
}

eto_kernel_fn eto_compiled_fn(const eto_compiled *c) { return c->fn; }

void eto_compiled_free(eto_compiled *c) {
  if (!c) return;
  LLVMErrorRef e = LLVMOrcResourceTrackerRemove(c->rt);
  if (e) LLVMConsumeError(e);
  LLVMOrcReleaseResourceTracker(c->rt);
  free(c);
}

/* Copies an LLVM memory buffer into malloc'ed memory with a NUL after its size bytes. */
static char *buffer_copy(LLVMMemoryBufferRef mb, size_t *size) {
  size_t n = LLVMGetBufferSize(mb);
  char *t = malloc(n + 1);
  if (t) {
    memcpy(t, LLVMGetBufferStart(mb), n);
    t[n] = 0;
  }
  *size = n;
  return t;
}

/* Builds one module with the n kernels ks (functions named names[i]) for tm, optimized or not, and renders
 * it: IR text, assembly or an object file. */
static eto_status render(const eto_kernel *const *ks, const char *const *names, int n, LLVMTargetMachineRef tm,
                         int optimized, int object, int assembly, int hidden, char **out, size_t *size, char *msg,
                         int cap) {
  *out = NULL;
  *size = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      if (strcmp(names[i], names[j]) == 0) {
        snprintf(msg, cap, "two kernels named %s in one module", names[i]);
        return ETO_ERR_INVALID;
      }
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef mod = new_module(ctx, n > 0 ? names[0] : "empty", tm);
  for (int i = 0; i < n; i++) {
    add_kernel(ctx, mod, ks[i], names[i]);
    if (hidden) LLVMSetVisibility(LLVMGetNamedFunction(mod, names[i]), LLVMHiddenVisibility);
  }
  mod = verified(mod, msg, cap);
  eto_status st = mod ? ETO_OK : ETO_ERR_INVALID;
  if (st == ETO_OK && optimized) st = optimize(mod, tm, msg, cap);
  if (st == ETO_OK) {
    if (object || assembly) {
      LLVMMemoryBufferRef mb = NULL;
      char *err = NULL;
      if (LLVMTargetMachineEmitToMemoryBuffer(tm, mod, object ? LLVMObjectFile : LLVMAssemblyFile, &err, &mb)) {
        snprintf(msg, cap, "LLVM codegen: %s", err ? err : "?");
        st = ETO_ERR_INVALID;
      } else {
        *out = buffer_copy(mb, size);
        LLVMDisposeMemoryBuffer(mb);
      }
      LLVMDisposeMessage(err);
    } else {
      char *s = LLVMPrintModuleToString(mod);
      *out = strdup(s);
      *size = *out ? strlen(*out) : 0;
      LLVMDisposeMessage(s);
    }
    if (st == ETO_OK && !*out) st = ETO_ERR_NOMEM;
  }
  if (mod) LLVMDisposeModule(mod);
  LLVMContextDispose(ctx);
  return st;
}

eto_status eto_codegen_emit_named(const eto_kernel *k, eto_emit_kind kind, const char *name, char **text, char *msg,
                                  int cap) {
  const char *fname = name ? name : k->name;
  return eto_codegen_emit_module(&k, &fname, 1, kind, text, msg, cap);
}

eto_status eto_codegen_emit_module(const eto_kernel *const *ks, const char *const *names, int n, eto_emit_kind kind,
                                   char **text, char *msg, int cap) {
  *text = NULL;
  llvm_init();
  LLVMTargetMachineRef tm = host_tm();
  if (!tm) {
    snprintf(msg, cap, "LLVM: no target machine for the host");
    return ETO_ERR_UNSUPPORTED;
  }
  size_t size;
  eto_status st = render(ks, names, n, tm, kind != ETO_EMIT_LLVM_RAW, 0, kind == ETO_EMIT_ASM, 0, text, &size, msg, cap);
  LLVMDisposeTargetMachine(tm);
  return st;
}

eto_status eto_codegen_emit(const eto_kernel *k, eto_emit_kind kind, char **text, char *msg, int cap) {
  return eto_codegen_emit_named(k, kind, NULL, text, msg, cap);
}

eto_status eto_codegen_object(const eto_kernel *k, const char *name, const eto_object_opts *opts, void **obj,
                              size_t *size, char *msg, int cap) {
  *obj = NULL;
  *size = 0;
  llvm_init();
  LLVMTargetMachineRef tm = host_tm_reloc(opts && opts->pic ? LLVMRelocPIC : LLVMRelocStatic, LLVMCodeModelDefault);
  if (!tm) {
    snprintf(msg, cap, "LLVM: no target machine for the host");
    return ETO_ERR_UNSUPPORTED;
  }
  char *out = NULL;
  const char *fname = name ? name : k->name;
  eto_status st = render(&k, &fname, 1, tm, 1, 1, 0, opts && opts->hidden, &out, size, msg, cap);
  LLVMDisposeTargetMachine(tm);
  *obj = out;
  return st;
}
