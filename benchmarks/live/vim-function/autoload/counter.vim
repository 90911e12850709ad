" A counter per buffer.
function! counter#increment() abort
  let b:count = get(b:, 'count', 0) + 1
  return b:count
endfunction

function! counter#reset() abort
  unlet b:countr
endfunction

function! counter#report() abort
  return printf('%d items', s:total)
endfunction
