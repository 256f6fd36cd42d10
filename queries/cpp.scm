;; mdview's own highlight query for cpp (no registry package ships one for the pinned grammar)
