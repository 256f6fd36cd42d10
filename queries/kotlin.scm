;; mdview's own highlight query for kotlin (no registry package ships one for the pinned grammar)
