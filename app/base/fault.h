/* fault.h - named points where a test build makes the kiosk fail, so that
 * the tests can check what a crash there does (bootcount.h, kiosk_check.h).
 *
 * The shipped `vitrine` links app/base/fault.c, where fault_point does nothing.
 * Only the test program `vitrine-faulty` (tests/CMakeLists.txt) links
 * tests/fault_hook.c in its place, which aborts at the point named by the
 * environment (VITRINE_TEST_FAULT) while the exhibit of the version it
 * names (VITRINE_TEST_FAULT_VERSION) is the one shown. The points:
 *   "first-frame"  run: before the first frame is drawn
 *   "frame-shown"  run: after the first frame is presented (no fault; the
 *                  test hook may queue a touch there)
 *   "first-touch"  run: a visitor's first touch
 *   "import-copy"  the import, in its child, before the bundle is copied
 *   "import-clip"  the import, in its child, as the check starts on a clip
 *   "kiosk-check"  the import's drill of the kiosk (kiosk_check.h), in its
 *                  child, after the controls are drawn
 * Any thread; version may be NULL or "" (no imported exhibit). */
#ifndef VITRINE_FAULT_H
#define VITRINE_FAULT_H

void fault_point(const char *where, const char *version);

#endif
