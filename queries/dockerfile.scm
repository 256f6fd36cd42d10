;; mdview's own highlight query for dockerfile (no registry package ships one for the pinned grammar)
