;; mdview's own highlight query for typescript (no registry package ships one for the pinned grammar)
