;; mdview's own highlight query for scala (no registry package ships one for the pinned grammar)
