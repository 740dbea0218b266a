#!/usr/bin/env python3
"""gen_deck.py N OUT.jsonl: a synthetic deck of N notes as a card stream.

Every note is Basic, in deck "Bench", text markup, with a front of about
60 bytes, a back of about 200 bytes (UTF-8) and two tags.  Words come
from Latin, Greek, Cyrillic, CJK and emoji pools, so every writer has to
carry multi-byte text; some notes carry the characters HTML escaping
changes (& < > " ') and a line break, so that escaping is exercised too.
Fronts are unique (they start with the note's number), so no writer
sees duplicates.

The output depends on N alone (fixed seed): the same N gives the same
bytes, and the first K notes of any larger deck are the K-note deck.
"""
import json
import random
import sys

SEED = 20261202
FRONT_BYTES = 60
BACK_BYTES = 200

POOLS = {
    "la": ("the of and to in is that for it with as was on be at by this had "
           "not are but from or have an they which one you were her all she "
           "there would their we him been has when who will more no if out so "
           "café naïve façade über straße élève déjà vu crème brûlée señor "
           "año niño coração São Paulo Kraków Łódź Dvořák smörgåsbord").split(),
    "el": ("και το της να η ο σε που τα με για την των από στο ένα είναι "
           "θα δεν στην τον ότι αλλά μου ως στη τους μια έχει οι γλώσσα "
           "φιλοσοφία ἀρετή λόγος ψυχή ὕδωρ").split(),
    "ru": ("и в не на я быть он с что а по это она этот к но они мы как из "
           "у который то за свой весь год от так о для ты же все тот мочь "
           "вы человек такой его сказать только или ещё бы себя один "
           "ёжик Україна їжак ґанок").split(),
    "zh": ("的 一 是 不 了 在 人 有 我 他 这 个 们 中 来 上 大 为 和 国 地 到 "
           "以 说 时 要 就 出 会 可 也 你 对 生 能 而 子 那 得 于 着 下 自 之 "
           "日本語 ひらがな カタカナ 漢字 한국어 학습 記憶 復習 問題 答え").split(),
    "emoji": "😀 🎉 🚀 🧠 📚 ✅ ❌ 🔥 🌍 🍣 🐍 🦀 ⭐ 💡 🎯 🧪".split(),
}
SCRIPTS = ["la", "el", "ru", "zh"]
# Fragments that HTML escaping changes, and a line break (text markup
# turns it into <br>).
SPICE = ["R&D", "a < b", "x > y", "\"quoted\"", "it's", "<tag>", "A & B",
         "\n"]


def words(rng, script, nbytes):
    """Words mostly from script, with the odd word from another pool,
    until the UTF-8 length reaches nbytes."""
    out = []
    n = 0
    primary = POOLS[script]
    while n < nbytes:
        r = rng.random()
        if r < 0.75:
            w = rng.choice(primary)
        elif r < 0.85:
            w = rng.choice(POOLS[rng.choice(SCRIPTS)])
        elif r < 0.93:
            w = rng.choice(POOLS["emoji"])
        else:
            w = rng.choice(SPICE)
        out.append(w)
        n += len(w.encode()) + 1
    return " ".join(out).replace(" \n ", "\n")


def note(rng, i):
    script = SCRIPTS[i % len(SCRIPTS)]
    head = f"{i + 1}. "
    front = head + words(rng, script, FRONT_BYTES - len(head))
    back = words(rng, rng.choice(SCRIPTS), BACK_BYTES)
    return {
        "deck": "Bench",
        "notetype": "Basic",
        "fields": {"Front": front, "Back": back},
        "tags": [f"lang::{script}", f"batch_{i % 100:02d}"],
        "markup": "text",
    }


def main():
    if len(sys.argv) != 3 or not sys.argv[1].isdigit():
        sys.exit("usage: gen_deck.py N OUT.jsonl")
    n = int(sys.argv[1])
    rng = random.Random(SEED)
    with open(sys.argv[2], "w", encoding="utf-8", newline="\n") as f:
        for i in range(n):
            f.write(json.dumps(note(rng, i), ensure_ascii=False,
                               separators=(",", ":")))
            f.write("\n")


if __name__ == "__main__":
    main()
