program Squares;

{ Print a few squares }
uses SysUtils;

var
  i, total: Integer;

function Square(x: Integer): Integer;
begin
  Result := x * x;
end;

begin
  total := 0;
  for i := 1 to 5 do
  begin
    total := total + Square(i);
    WriteLn('Square: ', Square(i));
  end;
  if total > 10 then
    WriteLn('Total is large');
end.
