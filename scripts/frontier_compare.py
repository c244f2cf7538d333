"""Compares the frontier's checks.json with the second engine's on the range
they share: the per-decade distribution of G(ceil(3n/2)) - G(n) on every
decade below the second table's reach, h(g), and the first counterexamples.
Exit 1 on a difference. The folder is the first argument (default
results/frontier/mult=2)."""
import json, math, sys

d = (sys.argv[1] if len(sys.argv) > 1 else "results/frontier/mult=2").rstrip("/") + "/"
a = json.load(open(d + "checks.json"))
b = json.load(open(d + "rows-engine-1.5e9.checks.json"))


def check(doc, cid):
    return next(c for c in doc["checks"] if c["id"] == cid)


top = check(b, "LRS-conj-upper")["domain"]["to"]  # n <= top in the second table
full = int(math.log10(top))  # decades [10^k, 10^(k+1)) with 10^(k+1) <= top
A = {(r["decade"], r["difference"]): r for r in check(a, "LRS-conj-upper")["stats"]["by_decade"] if r["decade"] < full}
B = {(r["decade"], r["difference"]): r for r in check(b, "LRS-conj-upper")["stats"]["by_decade"] if r["decade"] < full}
ha = check(a, "LRS-conj-lower")["stats"]["h"]
hb = check(b, "LRS-conj-lower")["stats"]["h"]
ok = A == B and ha[: len(hb)] == hb
ok = ok and check(a, "LRS-conj-upper")["counterexamples"] == check(b, "LRS-conj-upper")["counterexamples"]
print(f"frontier_compare: {len(A)} decade rows below 10^{full}, h(g) for g < {len(hb)}: {'equal' if ok else 'DIFFERENT'}")
sys.exit(0 if ok else 1)
