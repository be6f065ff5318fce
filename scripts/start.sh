#!/bin/sh
# `npm start`, the Docker image and the test suite's servers: the production server as one Node
# process (this shell replaces itself with it; scripts/start.mjs runs the launcher the build bundles).
#
# The server's native memory (compression, compiling, TLS, images) goes through jemalloc when the
# system has it (Debian's libjemalloc2). glibc's allocator keeps what a burst of requests freed in
# its per-thread arenas for good (after `npm run scan`, some 50 MB the server never uses again);
# jemalloc gives freed pages back to the system. Its settings (MALLOC_CONF, unless already set):
# a thread of its own returns freed pages while the server is idle (otherwise only an allocation
# would), within a second instead of ten, at once rather than lazily (lazily freed pages still
# count in RSS), from two arenas rather than eight (fewer partly used pages). Arguments go to Node
# (e.g. --cpu-prof). Without the library the server runs on the system's allocator.
for lib in /usr/lib/*-linux-gnu/libjemalloc.so.2 /usr/lib/libjemalloc.so.2 /usr/local/lib/libjemalloc.so.2; do
  if [ -f "$lib" ]; then
    case " $LD_PRELOAD " in
      *" $lib "*) ;;
      *) LD_PRELOAD="$lib${LD_PRELOAD:+ $LD_PRELOAD}" ;;
    esac
    export LD_PRELOAD
    export MALLOC_CONF="${MALLOC_CONF:-background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0,narenas:2}"
    break
  fi
done
exec "${NODE:-node}" "$@" "$(dirname "$0")/start.mjs"
