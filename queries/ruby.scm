;; mdview's own highlight query for ruby (no registry package ships one for the pinned grammar)
