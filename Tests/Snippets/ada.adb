with Ada.Text_IO; use Ada.Text_IO;

-- Print a few squares
procedure Squares is
   type Index is range 1 .. 5;
   Total : Integer := 0;

   function Square (X : Integer) return Integer is
   begin
      return X * X;
   end Square;
begin
   for I in Index loop
      Total := Total + Square (Integer (I));
      Put_Line ("Square: " & Integer'Image (Square (Integer (I))));
   end loop;
   if Total > 10 then
      Put_Line ("Total is large");
   end if;
end Squares;
