#!/usr/bin/env bash
# Back up every project directory
set -euo pipefail

readonly DEST="${BACKUP_DIR:-$HOME/backups}"
count=0

backup() {
    local dir=$1
    tar czf "$DEST/$(basename "$dir").tar.gz" -C "$dir" . && ((count++)) || true
}

mkdir -p "$DEST"
for dir in ~/projects/*/; do
    [[ -d $dir/.git ]] || continue
    backup "$dir"
done
if (( count > 0 )); then
    echo "backed up $count projects to $DEST"
fi
