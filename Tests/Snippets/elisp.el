;;; greet.el --- Say hello  -*- lexical-binding: t -*-

(defvar greet-name "world"
  "The name to greet.")

(defun greet (&optional name)
  "Greet NAME, or `greet-name'."
  (interactive)
  (let ((who (or name greet-name)))
    (message "Hello, %s! (%d)" who 42)))

(add-hook 'after-init-hook #'greet)
(provide 'greet)
