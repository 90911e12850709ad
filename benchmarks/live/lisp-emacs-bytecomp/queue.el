;;; queue.el --- A tiny queue -*- lexical-binding: t -*-

;;; Commentary:
;; Enqueue.

;;; Code:

(defun queue-add (queue item)
  "Add ITEM at the end of QUEUE."
  (append queue (list item))

(provide 'queue)
;;; queue.el ends here
