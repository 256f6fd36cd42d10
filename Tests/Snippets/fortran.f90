program area
  implicit none
  real :: r, a
  integer :: i
  ! Compute circle areas
  do i = 1, 3
    r = real(i) * 1.5
    a = circle_area(r)
    print *, "radius", r, "area", a
  end do
contains
  function circle_area(radius) result(res)
    real, intent(in) :: radius
    real :: res
    res = 3.14159 * radius**2
  end function circle_area
end program area
