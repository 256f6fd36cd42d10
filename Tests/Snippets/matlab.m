% Plot a damped sine wave
function y = damped(t, tau)
    % Returns the damped signal
    if nargin < 2
        tau = 1.5;
    end
    y = exp(-t ./ tau) .* sin(2 * pi * t);
end

t = linspace(0, 10, 500);
y = damped(t);
plot(t, y, 'LineWidth', 2);
title('Damped sine');
for k = 1:3
    disp(['k = ', num2str(k)]);
end
