" Trims trailing white space.
scriptencoding utf-8

if exists('g:loaded_tidy')
  finish
endif
let g:loaded_tidy = 1

function! s:Tidy() abort
  let l:view = winsaveview()
  silent! keeppatterns %s/\s\+$//e
  call winrestview(l:view)
endfunction

command! Tidy call s:Tidy()
