" Helpers for the notes.
scriptencoding utf-8

function! notes#count() abort
  let l:lines = getline(1, '$')
  return len(filter(l:lines, 'v:val =~# "^- "')
endfunction
