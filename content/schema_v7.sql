-- vitrine content store, schema version 7.
--
-- Version 7 adds what a museum's own languages need: table hyphenation
-- (where each long word of the exhibit may be hyphenated, found at build
-- time with the build machine's dictionaries, so a kiosk loads none and
-- lays out as the build checked) and table ui_text (the kiosk's own words,
-- such as "Start" or "Chapters", as the exhibit gives them in a language).
-- Version 6 adds moving pictures: panel kind 'video', table clip (each clip
-- once, with what the build found in it by decoding it), table video (which
-- clip a panel plays, and how) and table caption (its timed captions, per
-- language). A video panel's asset_id is its poster: the still shown
-- wherever the picture cannot move.
-- Version 5 adds content on a schedule: table show_window, the windows of
-- time (dates, weekdays, times of day) in which the exhibit, a chapter or a
-- panel is shown.
-- Version 4 adds the museum's own look and equal languages in quotes: the
-- exhibit's theme colours and logo (columns accent, background and logo of
-- exhibit), its own typefaces (table font), and a quote's translation into
-- each language it was not said in (column translation of quote_text).
-- Version 3 keeps every figure as the exact decimal its author wrote, in
-- TEXT ('99999999999999.99', '-0.0'; see content/decimal.h), where version
-- 2 kept a REAL that could not hold 17 digits or the sign of -0.0.
-- Version 2 added timeline and compare panels (tables event, event_text,
-- compare_value, compare_value_text, item_citation). A kiosk refuses a
-- store of any other version, older or newer, so a store built by this
-- version is refused by older kiosks: update the kiosks first.
--
-- One SQLite file per exhibit, written by `vitrine bundle build` and opened
-- read-only by the kiosk (content/store.c), which refuses any file whose
-- application_id or user_version differs from the values below, or whose
-- tables, columns, indexes, triggers or views differ in any way from what
-- this file creates (content/store_schema.c runs this file in memory and
-- compares; comments and layout do not count), or that is in WAL mode.
--
-- Conventions:
--  * every piece of visitor-facing text lives in a *_text table keyed by
--    locale (BCP 47 tag such as 'en' or 'fr'), so a translation is rows, not
--    columns; non-text data (numbers, ordering, asset bytes) is locale free;
--  * panels are ordered by `position` (0-based, dense); the kiosk loads one
--    panel at a time by position and never needs the whole exhibit in memory;
--  * sources are cited per subject: the panel as a whole, its figure, or its
--    quote (table citation).

PRAGMA application_id = 1448366641;  -- 0x56545231, 'VTR1'
PRAGMA user_version = 7;

-- Exactly one row: what this exhibit is.
CREATE TABLE exhibit (
    id             INTEGER PRIMARY KEY CHECK (id = 1),
    slug           TEXT NOT NULL,              -- e.g. 'pyongyang-2014'
    version        TEXT NOT NULL,              -- the authors' version string
    default_locale TEXT NOT NULL REFERENCES locale(code),
    built_at       TEXT NOT NULL,              -- UTC, ISO 8601, when bundled
    -- the theme: '#RRGGBB' each, both or neither (NULL: vitrine's own look)
    accent         TEXT CHECK (accent GLOB '#[0-9A-F][0-9A-F][0-9A-F][0-9A-F][0-9A-F][0-9A-F]'),
    background     TEXT CHECK (background GLOB '#[0-9A-F][0-9A-F][0-9A-F][0-9A-F][0-9A-F][0-9A-F]'),
    logo           INTEGER REFERENCES asset(id) -- the museum's logo, or NULL
);

-- Locales the exhibit is written in, in the order the language button cycles.
CREATE TABLE locale (
    code     TEXT PRIMARY KEY,                 -- 'en', 'fr', ...
    position INTEGER NOT NULL UNIQUE,
    name     TEXT NOT NULL                     -- the language's own name: 'English', 'Français'
) WITHOUT ROWID;

CREATE TABLE exhibit_text (
    locale   TEXT PRIMARY KEY REFERENCES locale(code),
    title    TEXT NOT NULL,
    subtitle TEXT
) WITHOUT ROWID;

-- The articles and other material the exhibit draws on, described as the
-- material itself shows it (no invented publisher, URL or date).
CREATE TABLE source (
    id       TEXT PRIMARY KEY,                 -- short id used in citations, e.g. 'ctv'
    position INTEGER NOT NULL UNIQUE,          -- order on the credits panel
    file     TEXT                              -- file name of the source text, if any
) WITHOUT ROWID;

CREATE TABLE source_text (
    source_id   TEXT NOT NULL REFERENCES source(id),
    locale      TEXT NOT NULL REFERENCES locale(code),
    cite        TEXT NOT NULL,                 -- short citation shown on panels
    description TEXT NOT NULL,                 -- what it is, as its text shows it
    PRIMARY KEY (source_id, locale)
) WITHOUT ROWID;

CREATE TABLE panel (
    position INTEGER PRIMARY KEY,              -- 0-based display order
    id       TEXT NOT NULL UNIQUE,             -- from the source file name
    kind     TEXT NOT NULL CHECK (kind IN ('title', 'story', 'statistic',
                                           'quote', 'credits', 'image',
                                           'timeline', 'compare', 'video')),
    asset_id INTEGER REFERENCES asset(id)      -- image panels: the photo; video: its poster
);

CREATE TABLE panel_text (
    position INTEGER NOT NULL REFERENCES panel(position),
    locale   TEXT NOT NULL REFERENCES locale(code),
    chapter  TEXT,                             -- chapter title for the index
    heading  TEXT,
    body     TEXT,                             -- paragraphs separated by a blank line
    note     TEXT,                             -- small print (e.g. where sources disagree)
    alt      TEXT,                             -- image panels: description of the photo
    PRIMARY KEY (position, locale)
) WITHOUT ROWID;

-- Statistic panels: the figure as data. Numbers are exact decimals as
-- text: an optional '-', digits, and '.' with digits ('1200', '-0.0').
CREATE TABLE statistic (
    position INTEGER PRIMARY KEY REFERENCES panel(position),
    value    TEXT NOT NULL,
    value_to TEXT,                             -- upper end of a range ("3-4"), or NULL
    decimals INTEGER NOT NULL DEFAULT 0 CHECK (decimals BETWEEN 0 AND 3),
    unit     TEXT,                             -- machine unit: 'runners', 'km', 'years'...
    part_of  TEXT                              -- the whole this value is part of, or NULL
);

CREATE TABLE statistic_text (
    position      INTEGER NOT NULL REFERENCES statistic(position),
    locale        TEXT NOT NULL REFERENCES locale(code),
    label         TEXT NOT NULL,               -- what the number counts
    prefix        TEXT,                        -- shown before the number, e.g. '~'
    suffix        TEXT,                        -- shown after it, e.g. ' km'
    part_of_label TEXT,                        -- what the whole is
    PRIMARY KEY (position, locale)
) WITHOUT ROWID;

-- Quote panels: verbatim words, who said them, and where.
CREATE TABLE quote (
    position INTEGER PRIMARY KEY REFERENCES panel(position),
    speaker  TEXT NOT NULL,                    -- a name is not translated
    language TEXT NOT NULL                     -- language the words were said in
);

CREATE TABLE quote_text (
    position INTEGER NOT NULL REFERENCES quote(position),
    locale   TEXT NOT NULL REFERENCES locale(code),
    text     TEXT NOT NULL,                    -- verbatim, in quote.language
    role     TEXT,                             -- who the speaker is
    context  TEXT,                             -- where and when it was said
    translation TEXT,                          -- the words in this locale's language
                                               -- (NULL: locale is quote.language, or none given)
    PRIMARY KEY (position, locale)
) WITHOUT ROWID;

-- Timeline panels: dated events, numbered 0.. in date order.
CREATE TABLE event (
    position    INTEGER NOT NULL REFERENCES panel(position),
    item        INTEGER NOT NULL CHECK (item BETWEEN 0 AND 11),
    date        TEXT NOT NULL,             -- 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD'
    approximate INTEGER NOT NULL DEFAULT 0 CHECK (approximate IN (0, 1)),
    PRIMARY KEY (position, item)
) WITHOUT ROWID;

CREATE TABLE event_text (
    position INTEGER NOT NULL REFERENCES panel(position),
    item     INTEGER NOT NULL,
    locale   TEXT NOT NULL REFERENCES locale(code),
    label    TEXT NOT NULL,                -- what happened
    time     TEXT,                         -- the date in words ('early 1980s'), or NULL
    PRIMARY KEY (position, item, locale)
) WITHOUT ROWID;

-- Compare panels: one number as each source gives it, drawn as bars.
CREATE TABLE compare_value (
    position INTEGER NOT NULL REFERENCES panel(position),
    item     INTEGER NOT NULL CHECK (item BETWEEN 0 AND 5),
    value    TEXT NOT NULL,                -- an exact decimal, as in statistic
    decimals INTEGER NOT NULL DEFAULT 0 CHECK (decimals BETWEEN 0 AND 3),
    PRIMARY KEY (position, item)
) WITHOUT ROWID;

CREATE TABLE compare_value_text (
    position INTEGER NOT NULL REFERENCES panel(position),
    item     INTEGER NOT NULL,
    locale   TEXT NOT NULL REFERENCES locale(code),
    label    TEXT NOT NULL,                -- whose number it is
    PRIMARY KEY (position, item, locale)
) WITHOUT ROWID;

-- Which sources back each event of a timeline or value of a compare panel
-- (a panel is one or the other, so (position, item) names it).
CREATE TABLE item_citation (
    position  INTEGER NOT NULL REFERENCES panel(position),
    item      INTEGER NOT NULL,
    source_id TEXT NOT NULL REFERENCES source(id),
    PRIMARY KEY (position, item, source_id)
) WITHOUT ROWID;

-- Which sources back each panel, figure and quote.
CREATE TABLE citation (
    position  INTEGER NOT NULL REFERENCES panel(position),
    subject   TEXT NOT NULL CHECK (subject IN ('panel', 'figure', 'quote')),
    source_id TEXT NOT NULL REFERENCES source(id),
    PRIMARY KEY (position, subject, source_id)
) WITHOUT ROWID;

-- Encoded images (PNG or JPEG), checked at build time.
CREATE TABLE asset (
    id     INTEGER PRIMARY KEY,
    name   TEXT NOT NULL UNIQUE,               -- file name in the authoring sources
    mime   TEXT NOT NULL CHECK (mime IN ('image/png', 'image/jpeg')),
    width  INTEGER NOT NULL CHECK (width BETWEEN 1 AND 8192),
    height INTEGER NOT NULL CHECK (height BETWEEN 1 AND 8192),
    data   BLOB NOT NULL
);

-- The exhibit's own typefaces (TrueType or OpenType files), one per face
-- the kiosk sets text in; each goes before the fallback chain of its face.
CREATE TABLE font (
    face TEXT PRIMARY KEY CHECK (face IN ('sans', 'bold', 'serif')),
    name TEXT NOT NULL,                        -- file name in the authoring sources
    data BLOB NOT NULL
) WITHOUT ROWID;

-- Content on a schedule: the exhibit, a chapter or a panel is shown only
-- while one of its windows is open, in the kiosk's local time (content/when.h
-- reads spec: "2026-04-10..2026-04-12 sat-sun 09:00-18:00"). A panel is on
-- when, for each scope that covers it and has windows, one of them is open.
-- first..last are the panels the scope covers (the whole exhibit, the
-- chapter's panels, or the panel itself).
CREATE TABLE show_window (
    scope TEXT NOT NULL CHECK (scope IN ('exhibit', 'chapter', 'panel')),
    first INTEGER NOT NULL REFERENCES panel(position),
    last  INTEGER NOT NULL REFERENCES panel(position),
    spec  TEXT NOT NULL,                       -- as the curator wrote it
    CHECK (first <= last)
);

-- Video clips, each stored once however many panels play it. What the
-- build read from the clip by decoding it (content/rules.h: rules_clip holds
-- the limits, checked again by the kiosk): codec, container, picture size,
-- duration, bitrate (bits per second over the whole clip), whether it has
-- sound. The kiosk plays data straight from this row (SQLite's incremental
-- blob I/O): the signed file is the only copy.
CREATE TABLE clip (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,          -- file name in the authoring sources
    container   TEXT NOT NULL CHECK (container IN ('mp4', 'webm', 'matroska')),
    codec       TEXT NOT NULL CHECK (codec IN ('h264', 'hevc', 'vp9', 'av1')),
    width       INTEGER NOT NULL CHECK (width >= 1),
    height      INTEGER NOT NULL CHECK (height >= 1),
    duration_ms INTEGER NOT NULL CHECK (duration_ms >= 1),
    bitrate     INTEGER NOT NULL CHECK (bitrate >= 1),
    audio       INTEGER NOT NULL CHECK (audio IN (0, 1)),
    data        BLOB NOT NULL
);

-- Video panels: the clip, and what happens at its end ('loop': it starts
-- again; 'next': the loop goes on to the next panel), and whether the panel
-- asks for its sound (played only where the installation turns audio on).
CREATE TABLE video (
    position INTEGER PRIMARY KEY REFERENCES panel(position),
    clip     INTEGER NOT NULL REFERENCES clip(id),
    at_end   TEXT NOT NULL CHECK (at_end IN ('loop', 'next')),
    sound    INTEGER NOT NULL CHECK (sound IN (0, 1))
);

-- A video panel's captions in one language (from a WebVTT file), numbered
-- 0.. in time order; drawn by the kiosk in its own type.
CREATE TABLE caption (
    position INTEGER NOT NULL REFERENCES video(position),
    locale   TEXT NOT NULL REFERENCES locale(code),
    item     INTEGER NOT NULL CHECK (item >= 0),
    start_ms INTEGER NOT NULL CHECK (start_ms >= 0),
    end_ms   INTEGER NOT NULL,
    text     TEXT NOT NULL,
    PRIMARY KEY (position, locale, item),
    CHECK (end_ms > start_ms)
) WITHOUT ROWID;

-- Where a word of the exhibit's text in one language may end a line with a
-- hyphen: the word as written (its letters, case kept) and the same word
-- with U+002D HYPHEN-MINUS at each point ('Ma-ra-thon-lauf'). Only words
-- the build's dictionary gives at least one point are stored; a word not
-- here is never hyphenated (app/visitor/hyphenation.h).
CREATE TABLE hyphenation (
    locale     TEXT NOT NULL REFERENCES locale(code),
    word       TEXT NOT NULL CHECK (length(word) BETWEEN 1 AND 128),
    hyphenated TEXT NOT NULL CHECK (length(hyphenated) > length(word)),
    PRIMARY KEY (locale, word)
) WITHOUT ROWID;

-- The kiosk's own words in one language, as the exhibit gives them (`ui:`
-- in exhibit.yaml): key is one of the names content/README.md lists
-- ('start', 'chapters', 'touch_to_explore', ...). A word not given here is
-- the kiosk's built-in one for the language.
CREATE TABLE ui_text (
    locale TEXT NOT NULL REFERENCES locale(code),
    key    TEXT NOT NULL CHECK (length(key) BETWEEN 1 AND 40),
    text   TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 200),
    PRIMARY KEY (locale, key)
) WITHOUT ROWID;
