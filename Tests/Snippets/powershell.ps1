# Copy recent logs
param(
    [string]$Source = "C:\Logs",
    [int]$Days = 7
)

function Get-RecentFiles {
    param([string]$Path)
    Get-ChildItem -Path $Path -Filter *.log |
        Where-Object { $_.LastWriteTime -gt (Get-Date).AddDays(-$Days) }
}

$files = Get-RecentFiles -Path $Source
foreach ($file in $files) {
    Write-Host "Copying $($file.Name)"
    Copy-Item $file.FullName -Destination "D:\Backup" -Force
}
if ($files.Count -eq 0) { Write-Warning "nothing to copy" }
