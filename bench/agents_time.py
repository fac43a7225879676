"""Decision time of each hwatu level on CPython (the counterpart of
bench/agents_pyodide.mjs, same positions and program).

    python bench/agents_time.py [--hands N]
"""
import argparse
import ast
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "engine"))


def run_program(path, hands):
    tree = ast.parse(open(path).read())
    last = tree.body.pop()
    env = {"BENCH_HANDS": hands}
    exec(compile(tree, path, "exec"), env)
    return json.loads(eval(compile(ast.Expression(last.value), path, "eval"), env))


def table(res):
    lines = [f"Python {res['python']} ({res['platform']})"]
    for key in ("matgo", "gostop-3"):
        for level, r in res[key].items():
            lines.append(f"  {key:9} {level:7} n={r['n']:4}  mean {r['mean_ms']:7.1f} ms"
                         f"  p95 {r['p95_ms']:7.1f} ms  max {r['max_ms']:7.1f} ms")
    return "\n".join(lines)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=2)
    ap.add_argument("--json", action="store_true", help="print the raw JSON")
    args = ap.parse_args()
    res = run_program(os.path.join(HERE, "agents_time_program.py"), args.hands)
    print(json.dumps(res) if args.json else table(res))
