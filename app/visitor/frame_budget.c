/* frame_budget.c - see frame_budget.h. */
#include <stdlib.h>
#include <string.h>

#include "frame_budget.h"
#include "schedule.h"

void frame_budget_init(struct frame_budget *b, int kind)
{
    memset(b, 0, sizeof(*b));
    b->kind = kind;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int frame_budget_add(struct frame_budget *b, int kind, double ms)
{
    if (kind != b->kind || b->kind == TRANS_NONE)
        return b->kind;
    b->ms[b->n++] = ms;
    if (b->n < FRAME_BUDGET_SAMPLES)
        return b->kind;
    double sorted[FRAME_BUDGET_SAMPLES];
    memcpy(sorted, b->ms, sizeof(sorted));
    qsort(sorted, FRAME_BUDGET_SAMPLES, sizeof(double), cmp_double);
    double median = (sorted[FRAME_BUDGET_SAMPLES / 2 - 1] + sorted[FRAME_BUDGET_SAMPLES / 2]) / 2;
    b->n = 0;
    if (median <= FRAME_BUDGET_MS)
        return b->kind; /* held: keep watching (a screen swap may change it) */
    b->last_median = median;
    b->kind = b->kind == TRANS_CROSSFADE ? TRANS_SLIDE : TRANS_NONE;
    return b->kind;
}

int frame_log_add(struct frame_log *l, int kind, double ms, struct frame_log_sum *sum)
{
    int ended = 0;
    if (kind != l->kind && l->n > 0) {
        double sorted[FRAME_LOG_MAX];
        memcpy(sorted, l->ms, (size_t)l->n * sizeof(double));
        qsort(sorted, (size_t)l->n, sizeof(double), cmp_double);
        int m = l->n / 2;
        *sum = (struct frame_log_sum){
            .kind = l->kind,
            .frames = l->n,
            .median = l->n % 2 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2,
            .worst = sorted[l->n - 1],
        };
        ended = 1;
    }
    if (kind != l->kind)
        l->n = 0;
    l->kind = kind;
    if (kind != TRANS_NONE && l->n < FRAME_LOG_MAX)
        l->ms[l->n++] = ms;
    return ended;
}
