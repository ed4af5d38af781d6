/* schedule.c - the loop schedule (see schedule.h). Pure: every instant is an
 * argument, so a test can step a clock through a whole loop.
 *
 * Phase boundaries are kept on their nominal instants (a transition starts
 * exactly dwell_ms after its panel arrived, however coarse the ticks), so
 * the loop does not drift. After a long stall (a tick arriving much later
 * than due) the schedule restarts from the late tick instead of replaying
 * missed transitions back to back. */
#include "schedule.h"

#define SCHED_LATE_MS 1000u /* later than this, resynchronise to now */

uint32_t schedule_dwell_ms(int words, enum panel_kind kind)
{
    if (words < 0)
        words = 0;
    uint64_t ms = SCHED_BASE_MS + (uint64_t)words * 60000u / SCHED_WPM;
    if (kind == PANEL_STATISTIC)
        ms += SCHED_FIGURE_EXTRA_MS;
    if (ms < SCHED_MIN_DWELL_MS)
        ms = SCHED_MIN_DWELL_MS;
    if (ms > SCHED_MAX_DWELL_MS)
        ms = SCHED_MAX_DWELL_MS;
    return (uint32_t)ms;
}

/* How long a transition of this kind lasts. */
static uint32_t trans_length(const struct schedule *s, enum transition_kind kind)
{
    if (kind == TRANS_SLIDE)
        return SCHED_SLIDE_MS;
    if (kind == TRANS_CROSSFADE)
        return s->crossfade_ms ? s->crossfade_ms : SCHED_CROSSFADE_MS;
    return 0;
}

static int following(const struct schedule *s, int i)
{
    return s->count > 0 ? (i + 1) % s->count : 0;
}

void schedule_start(struct schedule *s, int count, int first, uint32_t dwell_ms, uint64_t now_ms)
{
    if (count < 1)
        count = 1;
    if (first < 0 || first >= count)
        first = 0;
    s->count = count;
    s->current = first;
    s->next = (first + 1) % count;
    s->phase = SCHED_DWELL;
    s->phase_start_ms = now_ms;
    s->dwell_ms = dwell_ms;
    s->prepared = 0;
    s->trans = TRANS_NONE;
    s->direction = 1;
    s->trans_ms = 0;
    s->paused = 0;
    s->go_pending = 0;
    s->loop_trans = TRANS_CROSSFADE;
    s->crossfade_ms = SCHED_CROSSFADE_MS;
}

static int wrap_index(const struct schedule *s, int i)
{
    return s->count > 0 ? ((i % s->count) + s->count) % s->count : 0;
}

void schedule_set_content(struct schedule *s, int count, int next)
{
    s->count = count < 1 ? 1 : count;
    s->next = wrap_index(s, next);
}

void schedule_follow(struct schedule *s, int current)
{
    s->current = wrap_index(s, current);
    s->next = following(s, s->current);
}

void schedule_set_next(struct schedule *s, int next)
{
    s->next = wrap_index(s, next);
}

/* When the current panel's transition is due, in the dwell phase. */
static uint64_t transition_due(const struct schedule *s)
{
    return s->go_pending ? s->phase_start_ms : s->phase_start_ms + s->dwell_ms;
}

static uint64_t prepare_due(const struct schedule *s)
{
    if (s->go_pending || s->dwell_ms <= SCHED_PREPARE_LEAD_MS)
        return s->phase_start_ms;
    return s->phase_start_ms + s->dwell_ms - SCHED_PREPARE_LEAD_MS;
}

/* Does the dwell phase lead anywhere by itself? */
static int advancing(const struct schedule *s)
{
    return s->go_pending || (!s->paused && s->count > 1);
}

enum sched_event schedule_tick(struct schedule *s, uint64_t now_ms)
{
    if (s->phase == SCHED_TRANSITION) {
        uint64_t end = s->phase_start_ms + s->trans_ms;
        if (now_ms < end)
            return SCHED_NOTHING;
        s->current = s->next;
        s->next = following(s, s->current);
        s->phase = SCHED_DWELL;
        s->phase_start_ms = now_ms - end > SCHED_LATE_MS ? now_ms : end;
        s->prepared = 0;
        s->trans = TRANS_NONE;
        s->trans_ms = 0;
        return SCHED_TRANSITION_END;
    }
    if (!advancing(s))
        return SCHED_NOTHING;
    if (!s->prepared) {
        if (now_ms < prepare_due(s))
            return SCHED_NOTHING;
        s->prepared = 1;
        return SCHED_PREPARE;
    }
    uint64_t due = transition_due(s);
    if (now_ms < due)
        return SCHED_NOTHING;
    if (!s->go_pending) {
        s->trans = s->loop_trans;
        s->trans_ms = trans_length(s, s->loop_trans);
        s->direction = 1;
    }
    s->go_pending = 0;
    s->phase = SCHED_TRANSITION;
    s->phase_start_ms = now_ms - due > SCHED_LATE_MS ? now_ms : due;
    return SCHED_TRANSITION_START;
}

void schedule_set_loop_transition(struct schedule *s, enum transition_kind kind)
{
    s->loop_trans = kind;
}

void schedule_set_crossfade_ms(struct schedule *s, uint32_t ms)
{
    s->crossfade_ms = ms ? ms : SCHED_CROSSFADE_MS;
}

void schedule_set_dwell(struct schedule *s, uint32_t dwell_ms)
{
    s->dwell_ms = dwell_ms;
}

int schedule_go(struct schedule *s, int to, int direction, enum transition_kind kind,
                uint64_t now_ms)
{
    if (s->phase == SCHED_TRANSITION || to < 0 || to >= s->count || to == s->current)
        return -1;
    if (to != s->next)
        s->prepared = 0;
    s->next = to;
    s->direction = direction < 0 ? -1 : 1;
    s->trans = kind;
    s->trans_ms = trans_length(s, kind);
    s->go_pending = 1;
    s->phase_start_ms = now_ms;
    return 0;
}

void schedule_pause(struct schedule *s, int paused, uint64_t now_ms)
{
    paused = paused != 0;
    if (paused == s->paused)
        return;
    s->paused = paused;
    if (!paused && s->phase == SCHED_DWELL && !s->go_pending) {
        /* a fresh dwell for the panel on screen; the caller may have dropped
         * what it prepared while the visitor browsed, so prepare again */
        s->phase_start_ms = now_ms;
        s->next = following(s, s->current);
        s->prepared = 0;
    }
}

double schedule_progress(const struct schedule *s, uint64_t now_ms)
{
    if (s->phase != SCHED_TRANSITION)
        return 0.0;
    if (s->trans_ms == 0 || now_ms >= s->phase_start_ms + s->trans_ms)
        return 1.0;
    if (now_ms <= s->phase_start_ms)
        return 0.0;
    return (double)(now_ms - s->phase_start_ms) / (double)s->trans_ms;
}

uint64_t schedule_deadline(const struct schedule *s)
{
    if (s->phase == SCHED_TRANSITION)
        return s->phase_start_ms + s->trans_ms;
    if (!advancing(s))
        return UINT64_MAX;
    return s->prepared ? transition_due(s) : prepare_due(s);
}
