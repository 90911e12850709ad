" Quick notes.
scriptencoding utf-8

if exists('g:loaded_notes')
  finish
endif
let g:loaded_notes = 1

function! s:OpenNotes() abort
  if &filetype == 'markdown'
    return
  endif
  execute 'edit ' . fnameescape(expand('~/notes.md'))
endfunction

command! Notes call s:OpenNotes()
