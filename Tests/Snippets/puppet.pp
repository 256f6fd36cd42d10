# Install and run nginx
class nginx (
  String $version = 'latest',
  Integer $port = 80,
) {
  package { 'nginx':
    ensure => $version,
  }

  service { 'nginx':
    ensure  => running,
    enable  => true,
    require => Package['nginx'],
  }

  if $port != 80 {
    notify { "listening on ${port}": }
  }
}
