#!/usr/bin/env bash
# One-machine fuzzing campaigns with the libFuzzer targets of fuzz/ (fuzz/README.md).
#
#   scripts/fuzz.sh [--time SECONDS] [--jobs N] [target ...]   a campaign (default 600 s, 1 job)
#   scripts/fuzz.sh --smoke [--time SECONDS] [target ...]      CI: 10 s per target, nothing kept
#   scripts/fuzz.sh --minimize [target ...]                    shrink corpus/<target>/ in place
#   scripts/fuzz.sh --cov [target ...]                         coverage the corpus reaches
#   scripts/fuzz.sh --bench [--time SECONDS] [target ...]      speed against a bare RapidJSON target
#
# Targets are named as in corpus/ (jsonrpc, pattern, ...; fuzz_jsonrpc works too); none means
# all. The `fuzz` preset (clang, ASan+UBSan, libFuzzer) is configured and built as needed;
# EC_BUILD_JOBS sets the build's parallelism (default 2, as the presets).
#
# A campaign runs each target in turn for SECONDS (with -fork=N when N > 1) on its corpus and
# dictionary, then merges what it found back into corpus/<target>/ (libFuzzer -merge=1, edges only: only
# inputs that add coverage). A crash is minimized and saved as corpus/<target>/crash-<hash>,
# where the replay ctests keep running it, and a command that reproduces it is printed.
# --smoke runs the corpora and mutates them for a few seconds under the same sanitizers, but
# writes nothing into the repository; crash inputs stay in build/fuzz/smoke/. Exit status: 0
# no finding, 1 a finding (the summary says which targets), 2 usage.
# --bench (issue 17, bench/README.md) runs each target and the yardsticks of
# bench/bare_parse_fuzz.cpp (a bare RapidJSON parse, and a bare parse of the target's input format
# where that is not one JSON document; built the same way) on the target's corpus, dictionary and
# flags, SECONDS each (default 5), twice in turn, on fresh copies of the corpus, and prints the
# target's executions per second over each yardstick's: ratios taken in one run, as timings here
# must be.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

all_targets=(json jsonrpc elicitation requested_schema content_validator content_vs_rapidjson pattern case_file
             baseline check_message http_stream transcript match state_tamper step_engine sut_fuzz_oracles)
mode=campaign
seconds=""
jobs=1
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --time) seconds=${2:?--time needs seconds}; shift 2 ;;
    --jobs) jobs=${2:?--jobs needs a number}; shift 2 ;;
    --smoke) mode=smoke; shift ;;
    --minimize) mode=minimize; shift ;;
    --cov) mode=cov; shift ;;
    --bench) mode=bench; shift ;;
    -h|--help) sed -n '2,26p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) targets+=("${1#fuzz_}"); shift ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")
for t in "${targets[@]}"; do
  [ -f "fuzz/fuzz_$t.cpp" ] || { echo "fuzz.sh: no target $t (known: ${all_targets[*]})" >&2; exit 2; }
done
[ -n "$seconds" ] || case "$mode" in smoke) seconds=10 ;; bench) seconds=5 ;; *) seconds=600 ;; esac
[[ "$seconds" =~ ^[0-9]+$ && "$jobs" =~ ^[0-9]+$ && "$jobs" -ge 1 ]] || { echo "fuzz.sh: --time and --jobs take numbers" >&2; exit 2; }

# The sanitizers stop at the first finding; the one UBSan suppression is a RapidJSON bug.
export UBSAN_OPTIONS="suppressions=$root/scripts/ubsan.supp:print_stacktrace=1:halt_on_error=1"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"

# Configure once; make decides what is out of date. Only the targets, not the CLI.
if [ ! -f build/fuzz/CMakeCache.txt ]; then
  cmake --preset fuzz >/dev/null
fi
cmake --build build/fuzz --target fuzz_all -j "${EC_BUILD_JOBS:-2}" >/dev/null || {
  echo "fuzz.sh: the fuzz preset does not build; run: cmake --build --preset fuzz" >&2; exit 2; }

bin() { echo "$root/build/fuzz/fuzz/fuzz_$1"; }
option() { sed -n "s/^$2 *= *//p" "fuzz/fuzz_$1.options"; }  # max_len, timeout from the .options file
libfuzzer_args() {
  echo "-dict=$root/fuzz/fuzz_$1.dict -max_len=$(option "$1" max_len) -timeout=$(option "$1" timeout)"
}
# libFuzzer's entropic scheduler, per target, from measurement (bench/README.md, "Fuzz targets"):
# two 10-s runs each way on the minimised corpora (seeds 1 and 2, 2026-11-27). Off where it was
# faster both times for as many features: its bookkeeping (UpdateFeatureFrequency, 45% of
# transcript's time) outweighed what it saves. On (libFuzzer's default) where it was faster
# (pattern 3 to 5x: without it the scheduler keeps picking slow regular expressions; jsonrpc) or
# where the two runs disagreed.
entropic_off=" elicitation content_validator content_vs_rapidjson case_file transcript "
scheduler_args() { [[ "$entropic_off" == *" $1 "* ]] && echo "-entropic=0" || true; }
repro() { echo "UBSAN_OPTIONS=$UBSAN_OPTIONS build/fuzz/fuzz/fuzz_$1 $2"; }
# The last status line of a libFuzzer log ("N runs, cov: C ft: F corp: ...") and, with
# -print_final_stats, the average speed over the whole run.
stats() {
  local line avg
  line=$(grep -E '^#[0-9]+.*cov:' "$1" | tail -1 | sed -E 's/^#([0-9]+)[^c]*/\1 runs, /; s/ lim: [0-9]+//')
  avg=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$1" | tail -1)
  echo "$line${avg:+ (average exec/s: $avg)}"
}

# The committed corpora are seeds: every code edge the corpus reaches, by as few inputs as a
# merge finds. Merges count edges only (-use_counters=0): with hit-count buckets as features
# nearly every input is "new" (the corpora stayed at ~1000 files a target), and the buckets grow
# back within seconds of fuzzing; the grown corpora of campaigns belong in storage.
merge_args=(-merge=1 -use_counters=0)
minimize_corpus() {  # $1 target: merge into a fresh folder, keep the files whose content survived
  local t=$1 dir="corpus/$1" fresh
  fresh=$(mktemp -d)
  "$(bin "$t")" "${merge_args[@]}" $(libfuzzer_args "$t") "$fresh" "$dir" >"$fresh.log" 2>&1 || {
    echo "fuzz.sh: merge of $t failed; see $fresh.log" >&2; return 1; }
  # libFuzzer names merged files by the SHA-1 of their content.
  local kept=0 dropped=0 seen=" "
  for f in "$dir"/*; do
    [ -f "$f" ] || continue
    local sum
    sum=$(sha1sum "$f" | cut -c1-40)
    case "$(basename "$f")" in
      crash-*|seed-*) kept=$((kept + 1)); continue ;;  # regression inputs and named seeds stay
    esac
    if [ -f "$fresh/$sum" ] && [[ "$seen" != *" $sum "* ]]; then
      seen+="$sum "; kept=$((kept + 1))
    else
      rm "$f"; dropped=$((dropped + 1))
    fi
  done
  rm -rf "$fresh" "$fresh.log"
  echo "fuzz.sh: $t: kept $kept inputs, dropped $dropped"
}

run_target() {  # $1 target; sets $found when the run ended in a finding
  local t=$1 work="build/fuzz/$mode/$1" rc=0
  rm -rf "$work"
  mkdir -p "$work/new" "$work/artifacts"
  local args=($(libfuzzer_args "$t") $(scheduler_args "$t") -max_total_time="$seconds" -print_final_stats=1
              -artifact_prefix="$root/$work/artifacts/")
  [ "$jobs" -gt 1 ] && args+=(-fork="$jobs")
  echo "fuzz.sh: $t: ${seconds}s, $jobs job(s)"
  "$(bin "$t")" "${args[@]}" "$work/new" "corpus/$t" >"$work/log" 2>&1 || rc=$?
  echo "fuzz.sh: $t: $(stats "$work/log")"

  local artifacts=("$work"/artifacts/*)
  if [ "$rc" -ne 0 ] || [ -e "${artifacts[0]}" ]; then
    found+=("$t")
    grep -aE '==ec-fuzz==|ERROR:|SUMMARY:|runtime error' "$work/log" | head -8 | sed 's/^/    /'
    for a in "${artifacts[@]}"; do
      [ -e "$a" ] || continue
      if [ "$mode" = smoke ]; then
        echo "fuzz.sh: $t: finding kept in $a; reproduce: $(repro "$t" "$a")"
        continue
      fi
      local small="$a.min"
      case "$(basename "$a")" in
        crash-*|leak-*)
          # The minimiser writes each smaller crash it finds to its artifact prefix (the working
          # directory by default, which is the repository): keep them in the run's folder.
          "$(bin "$t")" -minimize_crash=1 -max_total_time=30 -exact_artifact_path="$small" \
            -artifact_prefix="$root/$work/minimize-" "$a" >"$work/minimize.log" 2>&1 || true ;;
      esac
      [ -s "$small" ] || cp "$a" "$small"
      local saved
      saved="corpus/$t/crash-$(sha1sum "$small" | cut -c1-12)"
      cp "$small" "$saved"
      echo "fuzz.sh: $t: finding saved as $saved; reproduce: $(repro "$t" "$saved")"
    done
    [ -s "$work/log" ] && echo "fuzz.sh: $t: full log in $work/log"
  fi
  if [ "$mode" = campaign ]; then
    local before after
    before=$(find "corpus/$t" -type f | wc -l)
    "$(bin "$t")" "${merge_args[@]}" $(libfuzzer_args "$t") "corpus/$t" "$work/new" >"$work/merge.log" 2>&1 || true
    after=$(find "corpus/$t" -type f | wc -l)
    echo "fuzz.sh: $t: merged $((after - before)) new input(s) into corpus/$t"
  fi
}

# Executions per second of one timed run of $1 (a binary) with target $2's corpus and flags.
execs_per_second() {
  local fresh log
  fresh=$(mktemp -d)
  log=$(mktemp)
  cp -r "corpus/$2/." "$fresh/"
  "$1" $(libfuzzer_args "$2") $(scheduler_args "$2") -seed=1 -max_total_time="$seconds" \
    -print_final_stats=1 "$fresh" >"$log" 2>&1 || true
  sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1
  rm -rf "$fresh" "$log"
}
# The yardstick of each target's input format besides issue 17's bare RapidJSON parse
# (bench/bare_parse_fuzz.cpp): the least its input costs to read with the library underneath.
yardstick() {
  case "$1" in
    match|content_validator|content_vs_rapidjson) echo json_pair ;;
    transcript) echo json_lines ;;
    pattern) echo re2 ;;
    baseline) echo yaml ;;
    *) echo json ;;
  esac
}
ratio() { awk -v m="$1" -v b="$2" 'BEGIN { printf "%.2f", m / b }'; }
bench_target() {  # $1 target: in turn, twice: bare json, its format's yardstick, target; ratios of summed rates
  local t=$1 format bare=0 own=0 mine=0 b o m
  format=$(yardstick "$t")
  for _ in 1 2; do
    b=$(execs_per_second "$root/build/fuzz/fuzz/bench_bare_json" "$t")
    o=$b
    [ "$format" = json ] || o=$(execs_per_second "$root/build/fuzz/fuzz/bench_bare_$format" "$t")
    m=$(execs_per_second "$(bin "$t")" "$t")
    bare=$((bare + ${b:-0})); own=$((own + ${o:-0})); mine=$((mine + ${m:-0}))
  done
  if [ "$bare" -gt 0 ] && [ "$own" -gt 0 ]; then
    printf 'fuzz.sh: bench %-22s %8d exec/s  bare json %8d exec/s  ratio %s' "$t" $((mine / 2)) $((bare / 2)) \
      "$(ratio "$mine" "$bare")"
    [ "$format" = json ] || printf '  bare %s %d exec/s  ratio %s' "$format" $((own / 2)) "$(ratio "$mine" "$own")"
    printf '\n'
  else
    echo "fuzz.sh: bench $t: no rate measured" >&2; found+=("$t")
  fi
}

found=()
start=$(date +%s)
for t in "${targets[@]}"; do
  case "$mode" in
    minimize) minimize_corpus "$t" ;;
    cov)
      log=$(mktemp)
      "$(bin "$t")" $(libfuzzer_args "$t") -runs=0 "corpus/$t" >"$log" 2>&1 || found+=("$t")
      echo "fuzz.sh: $t: $(grep -E 'INITED' "$log" | sed -E 's/.*(cov: [0-9]+ ft: [0-9]+ corp: [^ ]+).*/\1/')"
      rm -f "$log" ;;
    bench) bench_target "$t" ;;
    *) run_target "$t" ;;
  esac
done
echo "fuzz.sh: $mode of ${#targets[@]} target(s) took $(( $(date +%s) - start )) s"
if [ ${#found[@]} -gt 0 ]; then
  echo "fuzz.sh: FINDINGS in: ${found[*]}" >&2
  exit 1
fi
