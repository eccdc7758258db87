#!/usr/bin/env python3
"""tests/recipes/simulation.py SOLOIST: the shard recipes of docs/simulation.md, taken from the
page as written and run smaller on this machine (4 shards of 4000 games instead of millions);
each merged result must equal one run of all the games, byte for byte.

- GNU parallel on this machine;
- GNU parallel over ssh, with tests/recipes/fake-ssh standing in for ssh (each "host" a folder
  of its own; --return brings the files back through rsync, --cleanup removes them there);
- the Slurm job array script, run once per array task with SLURM_ARRAY_TASK_ID set, as sbatch
  would, after checking that its --array range matches its shard count;
- the Kubernetes Indexed Job, parsed as YAML and checked (Indexed, completions = shards, the
  index from JOB_COMPLETION_INDEX), its command run by sh once per index.

Needs Debian's parallel, rsync and python3-yaml (.ci/run installs them)."""
import os
import re
import subprocess
import sys
import tempfile

import yaml

here = os.path.dirname(os.path.abspath(__file__))
soloist = os.path.realpath(sys.argv[1])
docs = open(os.path.join(here, "..", "..", "docs", "simulation.md"), encoding="utf-8").read()
failures = 0


def section(title):
    """The text of a docs section (### title) up to the next heading (outside code blocks)."""
    lines, inside, fenced = [], False, False
    for line in docs.splitlines(keepends=True):
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and re.match(r"#{1,3} ", line):
            if inside:
                break
            inside = line.startswith("### " + title)
            continue
        if inside:
            lines.append(line)
    if not lines:
        sys.exit("docs/simulation.md has no section " + title)
    return "".join(lines)


def blocks(text):
    return re.findall(r"```[a-z]*\n(.*?)```", text, re.S)


def smaller(command, shards_from, games_from):
    """The recipe's command with 4 shards of 4000 games and this build's soloist."""
    command = command.replace("\\\n", " ")
    command = command.replace(f"/{shards_from}", "/4").replace(f"seq {shards_from}", "seq 4")
    command = command.replace(f"--games {games_from}", "--games 4000")
    return re.sub(r"(^|\s)soloist ", lambda m: m.group(1) + soloist + " ", command)


def check(name, folder, merge_command):
    global failures
    merged = subprocess.run(smaller(merge_command, 0, 0), shell=True, cwd=folder, capture_output=True, text=True)
    whole = subprocess.run([soloist, "sim", "guild-mat", "--games", "4000", "--seed", "1"], capture_output=True, text=True)
    if merged.returncode == 0 and merged.stdout == whole.stdout:
        print(f"ok   {name}: 4 shards merged equal one run of the 4000 games")
    else:
        failures += 1
        print(f"FAIL {name}: the merged shards differ from one run\n{merged.stdout[:400]}{merged.stderr[:400]}")


def run(command, folder, env=None):
    r = subprocess.run(command, shell=True, cwd=folder, env=env, capture_output=True, text=True,
                       executable="/bin/bash")
    if r.returncode != 0:
        sys.exit(f"the recipe's command failed ({r.returncode}): {command}\n{r.stderr[-2000:]}")


env = dict(os.environ)
env["PARALLEL_HOME"] = tempfile.mkdtemp()
open(os.path.join(env["PARALLEL_HOME"], "will-cite"), "w").close()

# GNU parallel on one machine, then over ssh.
local, remote = blocks(section("GNU parallel"))
with tempfile.TemporaryDirectory() as folder:
    lines = local.strip().splitlines()
    run(smaller(lines[0], 8, 1000000), folder, env)
    check("GNU parallel, one machine", folder, lines[1])
with tempfile.TemporaryDirectory() as folder:
    lines = remote.strip().replace("\\\n", " ").splitlines()
    hosts = os.path.join(folder, "hosts")
    ssh_env = dict(env, REMOTE_ROOT=hosts)
    run(smaller(lines[0], 8, 1000000).replace("parallel ", f"parallel --ssh {here}/fake-ssh ", 1), folder, ssh_env)
    # What the recipe sent or made must be gone; each host's own ~/.cache (where soloist keeps
    # the bots it has checked) is the host's, as it would be over real ssh.
    left = [f for folder, dirs, files in os.walk(hosts) for f in files
            if ".cache" not in os.path.relpath(folder, hosts).split(os.sep)]
    if left:
        failures += 1
        print("FAIL GNU parallel over ssh: --cleanup left files on the hosts: " + ", ".join(left))
    check("GNU parallel over ssh (--return, --cleanup)", folder, lines[1])

# Slurm: the job array script, once per task.
text = section("Slurm")
script = blocks(text)[0]
array = re.search(r"#SBATCH --array=1-(\d+)", script)
shards = re.search(r"--shard \"\$\{SLURM_ARRAY_TASK_ID\}/(\d+)\"", script)
if not array or not shards or array.group(1) != shards.group(1):
    failures += 1
    print("FAIL Slurm: the --array range and the shard count differ")
merge = re.search(r"`(soloist merge [^`]+)`", text).group(1)
folders = re.search(r"`(mkdir -p [^`]+)`", text)
output = re.search(r"#SBATCH --output=([^/\s]+)/", script)
if not folders or not output or output.group(1) not in folders.group(1).split():
    failures += 1
    print("FAIL Slurm: the page does not say to make the --output and results folders first")
with tempfile.TemporaryDirectory() as folder:
    # The folders as the page says to make them (Slurm makes neither).
    run(folders.group(1) if folders else "true", folder, env)
    open(os.path.join(folder, "job.sh"), "w").write(smaller(script, shards.group(1), 10000000))
    for task in range(1, 5):
        run("bash job.sh", folder, dict(env, SLURM_ARRAY_TASK_ID=str(task), SLURM_CPUS_PER_TASK="1"))
    check("Slurm job array", folder, merge)

# Kubernetes: the Indexed Job.
text = section("Kubernetes")
job = yaml.safe_load(blocks(text)[0])
spec = job["spec"]
container = spec["template"]["spec"]["containers"][0]
command = container["args"][0]
count = re.search(r"--shard \$\(\(JOB_COMPLETION_INDEX \+ 1\)\)/(\d+)", command)
problems = []
if job["kind"] != "Job" or spec.get("completionMode") != "Indexed":
    problems.append("not an Indexed Job")
if not count or spec.get("completions") != int(count.group(1)):
    problems.append("completions differ from the shard count")
if spec["template"]["spec"].get("restartPolicy") != "Never":
    problems.append("a failed shard would restart in place")
if container["command"] != ["sh", "-c"]:
    problems.append("the args are not run by sh -c")
if problems:
    failures += 1
    print("FAIL Kubernetes: " + "; ".join(problems))
merge = re.search(r"`(soloist merge [^`]+)`", text).group(1)
with tempfile.TemporaryDirectory() as folder:
    os.makedirs(os.path.join(folder, "results"))
    shell = smaller(command, count.group(1), 10000000).replace("/results/", folder + "/results/")
    for index in range(4):
        r = subprocess.run(["sh", "-c", shell], cwd=folder, env=dict(env, JOB_COMPLETION_INDEX=str(index)),
                           capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit(f"the Job's command failed for index {index}: {r.stderr[-1000:]}")
    check("Kubernetes Indexed Job", folder, merge.replace("/results/", folder + "/results/"))

sys.exit(1 if failures else 0)
