;;;; A tiny inventory.
(defvar *stock* (make-hash-table :test 'equal))

(defun add-item (name count)
  (setf (gethash name *stock*) (+ (gethash name *stock* 0) count)))

(defun average-count ()
  (/ (loop for v being the hash-values of *stock* sum v)
     (hash-table-count *stock*)))
