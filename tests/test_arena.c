/* The per-panel arena: alignment, zeroing, growth past a block, reset. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "content/arena.h"

static void allocations_are_aligned_and_zeroed(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 64);
    for (int i = 1; i < 50; i++) {
        unsigned char *p = arena_alloc(&a, (size_t)i);
        assert_non_null(p);
        assert_int_equal((uintptr_t)p % _Alignof(max_align_t), 0);
        for (int j = 0; j < i; j++)
            assert_int_equal(p[j], 0);
        memset(p, 0xAB, (size_t)i);
    }
    arena_free(&a);
}

static void large_allocations_get_their_own_block(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 64);
    char *big = arena_alloc(&a, 10000);
    assert_non_null(big);
    memset(big, 1, 10000);
    char *s = arena_strdup(&a, "story");
    assert_string_equal(s, "story");
    assert_true(a.used >= 10000);
    arena_free(&a);
}

static void reset_forgets_and_reuses(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 256);
    char *first = arena_strdup(&a, "first");
    assert_non_null(first);
    const struct arena_block *kept = a.head;
    for (int i = 0; i < 100; i++)
        assert_non_null(arena_alloc(&a, 100));
    assert_ptr_not_equal(a.head, kept); /* grew past the first block */
    arena_reset(&a);
    assert_int_equal(a.used, 0);
    assert_ptr_equal(a.head, kept);
    char *again = arena_strdup(&a, "again");
    assert_string_equal(again, "again");
    /* the kept block is reused: the first allocation after a reset lands
     * where the first one did */
    assert_ptr_equal(again, first);
    assert_null(arena_strdup(&a, NULL));
    /* a long-running kiosk does not grow: a panel's worth of allocations
     * and a reset, many times over, keep that one block */
    for (int cycle = 0; cycle < 1000; cycle++) {
        for (int i = 0; i < 10; i++)
            assert_non_null(arena_alloc(&a, 100));
        arena_reset(&a);
        assert_ptr_equal(a.head, kept);
        assert_int_equal(a.used, 0);
        assert_ptr_equal(arena_alloc(&a, 1), first);
    }
    arena_free(&a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(allocations_are_aligned_and_zeroed),
        cmocka_unit_test(large_allocations_get_their_own_block),
        cmocka_unit_test(reset_forgets_and_reuses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
