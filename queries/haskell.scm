;; mdview's own highlight query for haskell (no registry package ships one for the pinned grammar)
